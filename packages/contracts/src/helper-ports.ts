/**
 * Spec §7/§9: the loopback ports the web app probes in order and the helper takes the first free
 * one of, when the deployment does not set `HELPER_PORTS`. Apart from `helper.ts` so the web app's
 * configuration can name them without loading the helper's schemas.
 */
export const HELPER_PORTS = [20051, 20052, 20053, 20054] as const;
export const DEFAULT_HELPER_PORT = HELPER_PORTS[0];
