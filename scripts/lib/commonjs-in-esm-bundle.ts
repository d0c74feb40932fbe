/**
 * The first lines of an ES module bundle that holds CommonJS packages: esbuild's wrapper for them
 * asks for Node's modules, and for optional packages, with `require`, which an ES module lacks.
 * The servers' bundles and the helper's installer both start with it.
 */
export const COMMONJS_REQUIRE_BANNER = [
  "import { createRequire as __benchsideCreateRequire } from 'node:module';",
  'const require = __benchsideCreateRequire(import.meta.url);',
].join('\n');
