import { type Kysely, sql } from 'kysely';

/**
 * What technicians check before flashing a firmware (issue 19 item 4): its region or CSC, Android
 * version, security patch, bootloader revision, release date and changelog. Null on tools, files
 * and folders, and on firmwares published before these fields existed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('catalogue_files')
    .addColumn('region', 'text')
    .addColumn('android_version', 'text')
    .addColumn('security_patch', 'date')
    // Samsung's binary revision: a device on a higher one refuses to flash this build.
    .addColumn('bootloader', 'smallint')
    .addColumn('release_date', 'date')
    .addColumn('changelog', 'text')
    .execute();
  // A model's builds newest release first, within a region too; the newest of each region is the
  // first row of its range. The Android filter is few rows of one model, checked on the way.
  await sql`create index catalogue_files_firmware_builds_idx on catalogue_files
    (brand, model, region, release_date desc nulls last, id desc) where kind = 'firmware'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index catalogue_files_firmware_builds_idx`.execute(db);
  await db.schema
    .alterTable('catalogue_files')
    .dropColumn('region')
    .dropColumn('android_version')
    .dropColumn('security_patch')
    .dropColumn('bootloader')
    .dropColumn('release_date')
    .dropColumn('changelog')
    .execute();
}
