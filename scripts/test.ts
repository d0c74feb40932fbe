import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './ensure-chromium.ts';

/**
 * `npm test`: every check a change must pass, cheapest first, stopping at the first failure.
 * Steps of one stage run at the same time (the machine has two cores and most steps leave one idle);
 * a stage starts only when the one before passed. CI reads the last line, `N passed, N failed`.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);

/** `inherit`: the output streams as it comes; `buffered`: printed in one piece when the step ends. */
type Output = 'inherit' | 'buffered';
type Step = { name: string; run: (output: Output) => Promise<boolean> };
type Stage = { steps: Step[] };

function command(executable: string, args: string[]): Step['run'] {
  return (output) =>
    new Promise((resolve) => {
      const child = spawn(executable, args, {
        cwd: root,
        stdio: output === 'inherit' ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      });
      const chunks: Buffer[] = [];
      child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk));
      const flush = () => {
        if (chunks.length > 0) process.stdout.write(Buffer.concat(chunks));
      };
      child.once('error', (error) => {
        flush();
        console.error(`cannot start ${executable}: ${error.message}`);
        resolve(false);
      });
      child.once('close', (code) => {
        flush();
        resolve(code === 0);
      });
    });
}

const stages: Stage[] = [
  {
    // Biome is quick; the two tsc runs and the Vite build are single-threaded for most of their time.
    steps: [
      { name: 'lint and format (biome check .)', run: command(bin('biome'), ['check', '.']) },
      { name: 'typecheck server (tsc -p tsconfig.json)', run: command(bin('tsc'), ['-p', 'tsconfig.json']) },
      {
        name: 'typecheck web (tsc -p apps/web/tsconfig.json)',
        run: command(bin('tsc'), ['-p', 'apps/web/tsconfig.json']),
      },
      { name: 'Chromium at /usr/bin/chromium', run: async () => ensureChromium() },
      { name: 'build the web app and the servers (npm run build)', run: command('npm', ['run', 'build']) },
    ],
  },
  { steps: [{ name: 'unit and API tests (vitest run)', run: command(bin('vitest'), ['run']) }] },
  // One after the other: side by side, the extra stack made the default run's 5 s waits fail on a
  // busy two-core machine (docs/decisions/094-e2e-configurations-serial.md).
  { steps: [{ name: 'end-to-end tests (playwright test)', run: command(bin('playwright'), ['test']) }] },
  {
    steps: [
      {
        name: 'end-to-end tests with SUPPORT_ENABLED=true (playwright test -c playwright.support.config.ts)',
        run: command(bin('playwright'), ['test', '-c', 'playwright.support.config.ts']),
      },
    ],
  },
];

function seconds(milliseconds: number): string {
  return `${(milliseconds / 1000).toFixed(1)} s`;
}

const results: Array<{ name: string; ok: boolean; milliseconds: number }> = [];
const started = Date.now();
let ran = 0;
for (const stage of stages) {
  const alone = stage.steps.length === 1;
  if (!alone) console.log(`\n▶ at the same time: ${stage.steps.map((step) => step.name).join('; ')}`);
  const outcomes = await Promise.all(
    stage.steps.map(async (step) => {
      const output: Output = alone ? 'inherit' : 'buffered';
      console.log(`\n▶ ${step.name}`);
      const stepStarted = Date.now();
      const ok = await step.run(output);
      const milliseconds = Date.now() - stepStarted;
      console.log(`${ok ? '✔' : '✘'} ${step.name} — ${seconds(milliseconds)}`);
      return { name: step.name, ok, milliseconds };
    }),
  );
  results.push(...outcomes);
  ran += 1;
  if (outcomes.some((outcome) => !outcome.ok)) break;
}

console.log('\nSummary');
for (const result of results) {
  console.log(
    `  ${result.ok ? 'pass' : 'FAIL'}  ${seconds(result.milliseconds).padStart(8)}  ${result.name}`,
  );
}
for (const stage of stages.slice(ran)) {
  for (const step of stage.steps) console.log(`  skip  ${''.padStart(8)}  ${step.name}`);
}
const failed = results.filter((result) => !result.ok).length;
console.log(`Total ${seconds(Date.now() - started)}`);
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
