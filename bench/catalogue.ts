import { searchResultsSchema } from '@benchside/contracts/catalogue';
import { gatherPlannerStatistics } from '@benchside/db/planner-statistics';
import { sql } from 'kysely';
import {
  LOAD_CONNECTIONS,
  type LoadFigures,
  type LoadRequest,
  measureLoad,
  p99BySize,
  warmUp,
} from './api-load.ts';
import type { Backend } from './backends.ts';
import { openSeededDatabase, signInAsDemo, startStack } from './stack.ts';

/**
 * Issue 5: `GET /api/files?file=` and `GET /api/models?brand=` on a catalogue of 100,000 files and
 * 20,000 models stay at p99 ≤ 20 ms at 50 connections; the same calls on 1,000 and 10,000 rows
 * show how p99 grows with the catalogue.
 */
export const CATALOGUE_SIZES = [1_000, 10_000, 100_000] as const;
const P99_BUDGET_MS = 20;
const BRANDS = 20;
/** Each model has this many firmwares (one per soft), in a folder of its own under its brand. */
const FIRMWARE_SOFTS = ['Flash', 'Repair', 'Unlock'];
const FILES_PER_FOLDER = 500;

export type CatalogueLoad = { name: string } & LoadFigures;
export type CatalogueRun = {
  files: number;
  models: number;
  loads: CatalogueLoad[];
  /** `GET /api/me` on the same stack: what the machine gives a one-query signed-in call right now. */
  reference: CatalogueLoad;
};
export type CatalogueResult = {
  backend: string;
  runs: CatalogueRun[];
  /** Hits of the full-text search on the largest catalogue, by kind: proof it searched both sources. */
  searchHits: Record<string, number>;
};

const modelsFor = (files: number) => files / 5;
const brandName = (index: number) => `Brand ${String(index).padStart(2, '0')}`;
const modelName = (index: number) => `X${String(index).padStart(5, '0')}`;
/** A model in the middle of the catalogue: its folder and three firmwares match its name. */
const searchedModel = (files: number) => modelName(modelsFor(files) / 2);

/**
 * Adds `files` rows to the demo catalogue before the portal starts, as a bulk import would: 20
 * brands of `files / 5` model folders with three firmwares each, and the remaining rows as plain
 * files in folders of 500. Set-based statements; the models table follows through its triggers.
 */
async function fillCatalogue(env: NodeJS.ProcessEnv, files: number): Promise<void> {
  const database = await openSeededDatabase(env);
  try {
    const { db } = database;
    const models = modelsFor(files);
    const folder = async (file: string) =>
      (
        await db
          .insertInto('catalogue_files')
          .values({ file, is_dir: true })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const firmwares = await folder('Bench firmwares');
    await sql`insert into catalogue_files (parent_id, file, is_dir)
      select ${firmwares}::int, 'Brand ' || lpad(b::text, 2, '0'), true from generate_series(1, ${BRANDS}::int) b`.execute(
      db,
    );
    await sql`insert into catalogue_files (parent_id, file, is_dir)
      select brand.id, 'X' || lpad(m::text, 5, '0'), true
        from generate_series(1, ${models}::int) m
        join catalogue_files brand
          on brand.parent_id = ${firmwares}::int and brand.file = 'Brand ' || lpad(((m - 1) % ${BRANDS}::int + 1)::text, 2, '0')`.execute(
      db,
    );
    await sql`insert into catalogue_files (parent_id, file, is_dir, kind, brand, model, soft, version, size)
      select model.id, model.file || '_' || lower(soft.name) || '_fw.bin', false, 'firmware', brand.file, model.file,
             soft.name, '1.' || soft.ordinality, 1048576
        from catalogue_files brand
        join catalogue_files model on model.parent_id = brand.id
        cross join unnest(${FIRMWARE_SOFTS}::text[]) with ordinality as soft (name, ordinality)
        where brand.parent_id = ${firmwares}::int`.execute(db);
    const plainFiles = files - (1 + BRANDS + models * (1 + FIRMWARE_SOFTS.length)) - 1;
    const sets = Math.ceil(plainFiles / FILES_PER_FOLDER);
    const plain = await folder('Bench files');
    await sql`insert into catalogue_files (parent_id, file, is_dir)
      select ${plain}::int, 'Set ' || lpad(s::text, 3, '0'), true from generate_series(1, ${sets}::int) s`.execute(
      db,
    );
    await sql`insert into catalogue_files (parent_id, file, is_dir, kind, size)
      select folder.id, 'document-' || lpad(f::text, 6, '0') || '.pdf', false, 'file', 4096
        from generate_series(1, ${plainFiles - sets}::int) f
        join catalogue_files folder
          on folder.parent_id = ${plain}::int and folder.file = 'Set ' || lpad(((f - 1) % ${sets}::int + 1)::text, 3, '0')`.execute(
      db,
    );
    // The statistics a bulk import leaves behind, on this stack's schema alone.
    await gatherPlannerStatistics(db);
  } finally {
    await database.close();
  }
}

type Request = { name: string } & LoadRequest;

async function getJson(url: string, cookie: string, init: RequestInit = {}): Promise<unknown> {
  const response = await fetch(url, { ...init, headers: { cookie, ...init.headers } });
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** One portal on a catalogue of `files` rows (support on, so the search covers articles too). */
async function measureSize(root: string, backend: Backend, files: number, withSearch: boolean) {
  const stack = await startStack(root, {
    backend,
    env: { SUPPORT_ENABLED: 'true' },
    prepare: (env) => fillCatalogue(env, files),
  });
  try {
    const cookie = await signInAsDemo(stack.baseUrl);
    const model = searchedModel(files);
    const requests: Request[] = [
      {
        name: 'GET /api/files?file=',
        url: `${stack.baseUrl}/api/files?file=${model}&page=1&itemsPerPage=30`,
      },
      {
        name: 'GET /api/models?brand=',
        url: `${stack.baseUrl}/api/models?brand=${encodeURIComponent(brandName(7))}&page=1&itemsPerPage=30`,
      },
    ];
    // Every request must find what it is measured on, or the figure would be of an empty answer.
    const found = (await getJson(requests[0]?.url ?? '', cookie)) as { totalItems: number };
    if (found.totalItems !== 1 + FIRMWARE_SOFTS.length)
      throw new Error(`The search for ${model} found ${found.totalItems} rows`);
    const brandModels = (await getJson(requests[1]?.url ?? '', cookie)) as { totalItems: number };
    if (brandModels.totalItems !== modelsFor(files) / BRANDS)
      throw new Error(`${brandName(7)} has ${brandModels.totalItems} models`);

    const searchHits: Record<string, number> = {};
    if (withSearch) {
      const search: Request = {
        name: 'POST /api/forum/post-search',
        url: `${stack.baseUrl}/api/forum/post-search`,
        method: 'POST',
        body: JSON.stringify({ query: `flash ${model}`, page: 1, itemsPerPage: 30 }),
      };
      const answer = await getJson(search.url, cookie, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: search.body ?? '',
      });
      for (const hit of searchResultsSchema.parse(answer).member) {
        searchHits[hit.kind] = (searchHits[hit.kind] ?? 0) + 1;
      }
      requests.push(search);
    }

    const loads: CatalogueLoad[] = [];
    for (const request of requests) {
      await warmUp({ ...request, cookie });
      loads.push({ name: request.name, ...(await measureLoad({ ...request, cookie })) });
    }
    const reference: CatalogueLoad = {
      name: 'GET /api/me',
      ...(await measureLoad({ url: `${stack.baseUrl}/api/me`, cookie })),
    };
    return { run: { files, models: modelsFor(files), loads, reference }, searchHits };
  } finally {
    await stack.stop();
  }
}

/**
 * A portal of its own per size (the embedded database is one process's), filled before it starts;
 * the search is measured on the largest.
 */
export async function measureCatalogue(
  root: string,
  backend: Backend,
  sizes: readonly number[] = CATALOGUE_SIZES,
): Promise<CatalogueResult> {
  const runs: CatalogueRun[] = [];
  let searchHits: Record<string, number> = {};
  const largestSize = Math.max(...sizes);
  for (const files of sizes) {
    const largest = files === largestSize;
    const measured = await measureSize(root, backend, files, largest);
    runs.push(measured.run);
    if (largest) searchHits = measured.searchHits;
  }
  return { backend: backend.name, runs, searchHits };
}

/** One line of `npm run bench` per call: the budget on the largest catalogue, p99 at every size. */
export function catalogueFigures(result: CatalogueResult) {
  const largest = result.runs.at(-1);
  if (!largest) return [];
  return largest.loads.map((figures) => {
    const growth = p99BySize(
      result.runs.map((run) => ({ size: run.files, loads: run.loads })),
      figures.name,
    );
    return {
      name: `${figures.name} p99, ${largest.files.toLocaleString('en')} files / ${largest.models.toLocaleString('en')} models`,
      column: result.backend,
      value: `${figures.p99LatencyMs} ms (${Math.round(figures.requestsPerSecond)} req/s; /api/me ${largest.reference.p99LatencyMs} ms${result.runs.length > 1 ? `; p99 by rows ${growth}` : ''})`,
      budget: `≤ ${P99_BUDGET_MS} ms at ${LOAD_CONNECTIONS} connections, no errors`,
      pass: figures.p99LatencyMs <= P99_BUDGET_MS && figures.non2xx === 0 && figures.errors === 0,
    };
  });
}
