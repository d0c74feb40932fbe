import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Backend, benchBackends, EMBEDDED } from './backends.ts';
import { capacityFigures, measureCapacity } from './capacity.ts';
import { CATALOGUE_SIZES, catalogueFigures, measureCatalogue } from './catalogue.ts';
import { measureHelperThroughput } from './helper-throughput.ts';
import { ledgerFigures, ledgerSizes, measureLedger } from './ledger.ts';
import { measureLighthouse } from './lighthouse.ts';
import { describeMachine, machineLine } from './machine.ts';
import { measureNotifications, notificationFigures } from './notifications.ts';
import { measurePageWeight } from './page-weight.ts';
import { measurePollers, pollersFigure } from './pollers.ts';
import { type Figure, resultsTable } from './results-table.ts';
import { type Stack, signInAsDemo, startStack } from './stack.ts';
import { measureStorage, storageFigures } from './storage.ts';
import { measureThroughput, type ThroughputResult } from './throughput.ts';

/**
 * `npm run bench`: the platform's performance budgets (issue "Platform" item 9), measured in one
 * run. `npm run bench -- storage capacity` runs only the sections named; with none, every section
 * but `capacity`, which loads the machine for minutes and needs PostgreSQL and nginx for most of
 * its figures. With BENCH_DATABASE_URL, `/api/me` and the lists are measured again on PostgreSQL
 * and S3, in a column of their own (issue 17).
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SIGN_IN_PATH = '/auth/login';
const CARDS_PATH = '/cards';
const SECTIONS = [
  'platform',
  'notifications',
  'catalogue',
  'ledger',
  'pollers',
  'storage',
  'capacity',
] as const;
type Section = (typeof SECTIONS)[number];

const named = process.argv.slice(2);
const unknown = named.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0) {
  console.error(`Unknown bench section ${unknown.join(', ')}; the sections are ${SECTIONS.join(', ')}`);
  process.exit(2);
}
const sections = new Set<Section>(
  named.length > 0 ? (named as Section[]) : SECTIONS.filter((section) => section !== 'capacity'),
);

const backends = benchBackends();

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

const startedAt = new Date();
const machine = describeMachine();
console.log(`Machine: ${machineLine(machine)}`);
const figures: Figure[] = [];
const details: Record<string, unknown> = {};
/** `/api/me` against the bare route on `stack`, a stack of `backend`'s. */
async function meThroughput(
  stack: Stack,
  backend: Backend,
): Promise<{ figure: Figure; throughput: ThroughputResult }> {
  console.log(
    `Load on ${backend.name}: GET /api/me (signed in) vs a bare Fastify route, 50 connections, 10 s each…`,
  );
  const throughput = await measureThroughput(root, stack.baseUrl, await signInAsDemo(stack.baseUrl));
  const cleanLoad =
    throughput.api.non2xx === 0 && throughput.api.errors === 0 && throughput.bare.errors === 0;
  const budget = backend === EMBEDDED ? 0.7 : 0.45;
  return {
    throughput,
    figure: {
      name: 'GET /api/me throughput vs bare Fastify',
      column: backend.name,
      value: `${(throughput.ratio * 100).toFixed(1)} % (${Math.round(throughput.api.requestsPerSecond)} vs ${Math.round(throughput.bare.requestsPerSecond)} req/s)`,
      budget: `≥ ${budget * 100} %, no errors`,
      pass: throughput.ratio >= budget && cleanLoad,
    },
  };
}

/** What a technician's browser and machine see, on the embedded stack `npm start` runs. */
async function measureFirstScreens(stack: Stack): Promise<Figure[]> {
  console.log('npm start again on the same data (the web app and helper already built)…');
  const restartMs = await stack.restart();

  console.log(`Page weight of ${SIGN_IN_PATH} in Chromium…`);
  const weight = await measurePageWeight(`${stack.baseUrl}${SIGN_IN_PATH}`);

  console.log(`Lighthouse on ${SIGN_IN_PATH} and, signed in, ${CARDS_PATH} (3 runs each)…`);
  const signInScores = await measureLighthouse(`${stack.baseUrl}${SIGN_IN_PATH}`);
  const cardsScores = await measureLighthouse(
    `${stack.baseUrl}${CARDS_PATH}`,
    await signInAsDemo(stack.baseUrl),
  );

  console.log(
    'Helper: a 256 MiB package through the helper and with a plain GET (5 rounds, a plain GET then the helper)…',
  );
  const helper = await measureHelperThroughput();

  Object.assign(details, {
    startup: { firstStartMs: stack.firstStartMs, restartMs },
    weight,
    lighthouse: { signIn: signInScores, cards: cardsScores },
    helper,
  });
  return [
    {
      name: '`npm start` to the first 200 from /api/health, built tree',
      value: `${(restartMs / 1000).toFixed(1)} s (first start on an empty database ${(stack.firstStartMs / 1000).toFixed(1)} s)`,
      budget: '≤ 3 s',
      pass: restartMs <= 3000,
    },
    {
      name: `${SIGN_IN_PATH} JS+CSS, gzipped`,
      value: `${kilobytes(weight.gzipBytes)} in ${weight.files.length} files`,
      budget: '≤ 115 KB',
      pass: weight.gzipBytes <= 115 * 1024,
    },
    {
      name: `Lighthouse performance ${SIGN_IN_PATH}`,
      value: `${signInScores.performance} (runs ${signInScores.runs.join(', ')})`,
      budget: '100',
      pass: signInScores.performance >= 100,
    },
    {
      name: `Lighthouse performance ${CARDS_PATH}, signed in`,
      value: `${cardsScores.performance} (runs ${cardsScores.runs.join(', ')})`,
      budget: '≥ 95',
      pass: cardsScores.performance >= 95,
    },
    {
      name: `Lighthouse accessibility ${SIGN_IN_PATH} / ${CARDS_PATH}`,
      value: `${signInScores.accessibility} / ${cardsScores.accessibility}`,
      budget: '≥ 95',
      pass: signInScores.accessibility >= 95 && cardsScores.accessibility >= 95,
    },
    {
      name: 'Helper download vs plain HTTP GET, 256 MiB, median of 5 rounds',
      value: `${(helper.ratio * 100).toFixed(0)} %, median of ${helper.roundRatios.length} rounds (${helper.roundRatios.map((ratio) => `${(ratio * 100).toFixed(0)} %`).join(', ')}; median ${helper.helperMBps} vs ${helper.plainMBps} MB/s; CPU ${helper.helperCpuSeconds} vs ${helper.plainCpuSeconds} s)`,
      budget: '≥ 90 %',
      pass: helper.ratio >= 0.9,
    },
    {
      name: 'Helper peak RSS while downloading',
      value: `${helper.helperPeakRssMiB} MiB (idle ${helper.helperIdleRssMiB} MiB)`,
      budget: '≤ 120 MiB',
      pass: helper.helperPeakRssMiB <= 120,
    },
  ];
}

if (sections.has('platform')) {
  const throughputs: Record<string, ThroughputResult> = {};
  for (const backend of backends) {
    // One stack per backend: the embedded one, as `npm start` runs it, serves the page figures too.
    const stack = await startStack(root, { backend });
    try {
      const measured = await meThroughput(stack, backend);
      figures.push(measured.figure);
      throughputs[backend.name] = measured.throughput;
      if (backend === EMBEDDED) figures.push(...(await measureFirstScreens(stack)));
    } finally {
      await stack.stop();
    }
  }
  details.throughput = throughputs;
}

if (sections.has('notifications')) {
  console.log('Load: the list and unread count of a user with 100,000 notifications, 50 connections…');
  const results = [];
  for (const backend of backends) {
    const notifications = await measureNotifications(root, backend);
    figures.push(...notificationFigures(notifications));
    results.push(notifications);
  }
  details.notifications = results;
}

if (sections.has('catalogue')) {
  console.log(
    "Load: the catalogue search and a brand's models on 1,000, 10,000 and 100,000 rows, 50 connections…",
  );
  const results = [];
  for (const backend of backends) {
    // Growth with size is the embedded column's story; the others measure the largest catalogue.
    const sizes = backend === EMBEDDED ? CATALOGUE_SIZES : CATALOGUE_SIZES.slice(-1);
    const catalogue = await measureCatalogue(root, backend, sizes);
    figures.push(...catalogueFigures(catalogue));
    results.push(catalogue);
  }
  details.catalogue = results;
}

if (sections.has('ledger')) {
  const sizes = ledgerSizes();
  console.log(
    `Load: the credits ledger and the customer book at ${sizes.map((size) => size.toLocaleString('en')).join(', ')} rows, 50 connections…`,
  );
  const results = [];
  for (const backend of backends) {
    const ledger = await measureLedger(root, backend, sizes);
    figures.push(...ledgerFigures(ledger));
    results.push(ledger);
  }
  details.ledger = results;
}

if (sections.has('pollers')) {
  console.log('Pollers: 500 signed-in clients polling the unread count and the bell list every 30 s, 60 s…');
  const results = [];
  for (const backend of backends) {
    const pollers = await measurePollers(root, backend);
    figures.push(pollersFigure(pollers));
    results.push(pollers);
  }
  details.pollers = results;
}

if (sections.has('storage')) {
  console.log('Storage: a 256 MiB package published and read back, local folder vs S3 (s3rver), 3 rounds…');
  const storage = await measureStorage();
  figures.push(...storageFigures(storage));
  details.storage = storage;
}

if (sections.has('capacity')) {
  console.log('Capacity: signed-in pollers of the unread count, more clients until p99 passes 50 ms…');
  const capacity = await measureCapacity(root);
  for (const reason of capacity.skipped) console.log(`  skipped: ${reason}`);
  figures.push(...capacityFigures(capacity));
  details.capacity = capacity;
}

console.log(`\nMachine: ${machineLine(machine)}\n\n${resultsTable(figures).join('\n')}`);

const resultsFile = join(root, 'bench', 'results', 'latest.json');
await mkdir(dirname(resultsFile), { recursive: true });
await writeFile(
  resultsFile,
  `${JSON.stringify(
    {
      date: startedAt.toISOString(),
      machine,
      backends: backends.map((backend) => backend.name),
      sections: [...sections],
      figures,
      details,
    },
    null,
    2,
  )}\n`,
);
console.log(`\nWritten to ${resultsFile}`);
process.exit(figures.every((figure) => figure.pass) ? 0 : 1);
