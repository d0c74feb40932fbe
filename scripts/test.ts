import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.ts';

/**
 * `npm test`: every check a change must pass, cheapest first, stopping at the first failure.
 * CI reads the last line, `N passed, N failed`.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

type Step = { name: string; run: () => Promise<boolean> };

function command(executable: string, args: string[]): () => Promise<boolean> {
  return () =>
    new Promise((resolve) => {
      const child = spawn(executable, args, { cwd: root, stdio: 'inherit' });
      child.once('error', (error) => {
        console.error(`cannot start ${executable}: ${error.message}`);
        resolve(false);
      });
      child.once('exit', (code) => resolve(code === 0));
    });
}

const steps: Step[] = [
  { name: 'lint and format (biome check .)', run: command(bin('biome'), ['check', '.']) },
  { name: 'typecheck server (tsc -p tsconfig.json)', run: command(bin('tsc'), ['-p', 'tsconfig.json']) },
  {
    name: 'typecheck web (tsc -p apps/web/tsconfig.json)',
    run: command(bin('tsc'), ['-p', 'apps/web/tsconfig.json']),
  },
  { name: 'unit and API tests (vitest run)', run: command(bin('vitest'), ['run']) },
  { name: 'Chromium at /usr/bin/chromium', run: async () => ensureChromium() },
  { name: 'build the web app (npm run build)', run: command('npm', ['run', 'build']) },
  { name: 'end-to-end tests (playwright test)', run: command(bin('playwright'), ['test']) },
  {
    name: 'end-to-end tests with SUPPORT_ENABLED=true (playwright test -c playwright.support.config.ts)',
    run: command(bin('playwright'), ['test', '-c', 'playwright.support.config.ts']),
  },
];

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

const results: Array<{ name: string; ok: boolean; milliseconds: number }> = [];
const started = Date.now();
for (const step of steps) {
  console.log(`\n▶ ${step.name}`);
  const stepStarted = Date.now();
  const ok = await step.run();
  const milliseconds = Date.now() - stepStarted;
  results.push({ name: step.name, ok, milliseconds });
  console.log(`${ok ? '✔' : '✘'} ${step.name} — ${seconds(milliseconds)}`);
  if (!ok) break;
}

console.log('\nSummary');
for (const result of results) {
  console.log(
    `  ${result.ok ? 'pass' : 'FAIL'}  ${seconds(result.milliseconds).padStart(8)}  ${result.name}`,
  );
}
for (const step of steps.slice(results.length)) console.log(`  skip  ${''.padStart(8)}  ${step.name}`);
const failed = results.filter((result) => !result.ok).length;
console.log(`Total ${seconds(Date.now() - started)}`);
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
