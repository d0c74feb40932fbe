import type { FirmwareBuild, FirmwareBuildDetail, FirmwareBuildsQuery } from '@benchside/contracts/firmwares';
import type { Database } from '@benchside/db/database';
import { pageWindow } from '@benchside/db/page-window';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import { entitledSql } from './store.ts';

/** The firmware builds of a model (issue 19 item 4): filtered, newest release first, latest per region marked. */

interface BuildRow {
  id: number;
  file: string;
  soft: string | null;
  version: string | null;
  region: string | null;
  android_version: string | null;
  security_patch: string | null;
  bootloader: number | null;
  release_date: string | null;
  size: number | string | null;
  sha256: string | null;
  created_at: Date;
  entitled: boolean;
  latest_for_region: boolean;
}

/**
 * `builds`: every firmware of the model the condition picks, each with whether it is its region's
 * newest release and whether the user may download it. The filters apply after it, so a filter
 * never changes which build is the latest.
 */
function modelBuildsSql(userId: string, model: RawBuilder<unknown>) {
  return sql`with builds as (
    select catalogue_files.*,
      region is not null
        and row_number() over (partition by region order by release_date desc nulls last, id desc) = 1
        as latest_for_region,
      ${entitledSql(userId)} as entitled
    from catalogue_files
    where kind = 'firmware' and ${model}
  )`;
}

const BUILD_COLUMNS = sql`id, file, soft, version, region, android_version,
  security_patch::text as security_patch, bootloader, release_date::text as release_date, size, sha256,
  created_at, entitled, latest_for_region`;

const NEWEST_RELEASE_FIRST = sql`release_date desc nulls last, id desc`;

function toBuild(row: BuildRow): FirmwareBuild {
  return {
    id: row.id,
    file: row.file,
    soft: row.soft,
    version: row.version,
    region: row.region,
    android: row.android_version,
    securityPatch: row.security_patch,
    bootloader: row.bootloader,
    releaseDate: row.release_date,
    size: Number(row.size ?? 0),
    sha256: row.sha256 ?? '',
    date: row.created_at.toISOString(),
    entitled: row.entitled,
    latestForRegion: row.latest_for_region,
  };
}

export interface FirmwareBuildsPage {
  member: FirmwareBuild[];
  totalItems: number;
  regions: string[];
  androidVersions: string[];
}

/** One page of a model's builds, with its total and the model's regions and Android versions (newest first). */
export async function listFirmwareBuilds(
  db: Kysely<Database>,
  userId: string,
  query: FirmwareBuildsQuery,
): Promise<FirmwareBuildsPage> {
  const { brand, model, region, android, page, itemsPerPage } = query;
  const window = pageWindow(page, itemsPerPage);
  const builds = modelBuildsSql(userId, sql`brand = ${brand} and model = ${model}`);
  const matching = sql.join(
    [
      sql`true`,
      ...(region === undefined ? [] : [sql`region = ${region}`]),
      ...(android === undefined ? [] : [sql`android_version = ${android}`]),
    ],
    sql` and `,
  );
  const [rows, summary] = await Promise.all([
    sql<BuildRow>`${builds}
      select ${BUILD_COLUMNS} from builds where ${matching}
      order by ${NEWEST_RELEASE_FIRST}
      limit ${window.limit} offset ${window.offset}`.execute(db),
    sql<{ regions: string[]; android_versions: string[]; total: number | string }>`${builds}
      select
        array(select distinct region from builds where region is not null order by region) as regions,
        array(select android_version from builds where android_version is not null group by android_version
          order by string_to_array(android_version, '.')::int[] desc) as android_versions,
        (select count(*) from builds where ${matching}) as total`.execute(db),
  ]);
  const facets = summary.rows[0];
  return {
    member: rows.rows.map(toBuild),
    totalItems: Number(facets?.total ?? 0),
    regions: facets?.regions ?? [],
    androidVersions: facets?.android_versions ?? [],
  };
}

/** One firmware build with its model and changelog; undefined when `id` is no firmware. */
export async function findFirmwareBuild(
  db: Kysely<Database>,
  userId: string,
  id: number,
): Promise<FirmwareBuildDetail | undefined> {
  const builds = modelBuildsSql(
    userId,
    sql`(brand, model) = (select brand, model from catalogue_files where id = ${id} and kind = 'firmware')`,
  );
  const { rows } = await sql<BuildRow & { brand: string; model: string; changelog: string | null }>`${builds}
    select ${BUILD_COLUMNS}, brand, model, changelog from builds where id = ${id}`.execute(db);
  const row = rows[0];
  return row && { ...toBuild(row), brand: row.brand, model: row.model, changelog: row.changelog };
}
