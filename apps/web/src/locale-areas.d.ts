// The parts of a locale file that `locale-areas.ts` serves (decision 145).
declare module '*.json?area=entry' {
  const locale: { translation: Record<string, unknown>; messages: Record<string, string> };
  export const translation: Record<string, unknown>;
  export default locale;
}

declare module '*.json?area=master-layout' {
  export const translation: Record<string, unknown>;
}
