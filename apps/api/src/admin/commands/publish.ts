import { readFile } from 'node:fs/promises';
import { CATALOGUE_KINDS, type CatalogueKind } from '@benchside/contracts/catalogue';
import { PublishError, publishPackage } from '../../catalogue/publish.ts';
import { type AdminCommand, AdminUsageError } from '../command.ts';

function optional(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** `--changelog TEXT`, or `--changelog @FILE` for the text of a file (as curl reads `@FILE`). */
async function changelogOf(value: string | undefined): Promise<string | undefined> {
  if (!value?.startsWith('@')) return value;
  const path = value.slice(1);
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    throw new AdminUsageError(
      `Cannot read the changelog ${path}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
}

export const command: AdminCommand = {
  usage:
    'publish <file> --kind firmware|tool|file [--brand B --model M] [--soft S] [--version V] [--folder a/b] [--name N] [--restricted] [--region CSC] [--android 14] [--security-patch YYYY-MM-DD] [--bootloader N] [--release-date YYYY-MM-DD] [--changelog TEXT|@FILE]',
  options: {
    kind: { type: 'string' },
    brand: { type: 'string' },
    model: { type: 'string' },
    soft: { type: 'string' },
    version: { type: 'string' },
    folder: { type: 'string' },
    name: { type: 'string' },
    restricted: { type: 'boolean' },
    region: { type: 'string' },
    android: { type: 'string' },
    'security-patch': { type: 'string' },
    bootloader: { type: 'string' },
    'release-date': { type: 'string' },
    changelog: { type: 'string' },
  },
  async run({ config, db, storage, print }, { values, positionals }) {
    const [source, ...extra] = positionals;
    if (source === undefined || extra.length > 0)
      throw new AdminUsageError('Give exactly one file to publish');
    const kind = values.kind;
    if (!CATALOGUE_KINDS.some((known) => known === kind)) {
      throw new AdminUsageError(`--kind must be one of ${CATALOGUE_KINDS.join(', ')}`);
    }
    try {
      const published = await publishPackage(db, storage, config, {
        source,
        kind: kind as CatalogueKind,
        brand: optional(values.brand),
        model: optional(values.model),
        soft: optional(values.soft),
        version: optional(values.version),
        folder: optional(values.folder),
        name: optional(values.name),
        restricted: values.restricted === true,
        details: {
          region: optional(values.region),
          android: optional(values.android),
          securityPatch: optional(values['security-patch']),
          bootloader: optional(values.bootloader),
          releaseDate: optional(values['release-date']),
          changelog: await changelogOf(optional(values.changelog)),
        },
      });
      print(
        `Published ${[...published.path, published.name].join('/')} (id ${published.id}, ${published.size} bytes, info hash ${published.infoHash}${published.restricted ? ', restricted' : ''})`,
      );
    } catch (error) {
      if (error instanceof PublishError) throw new AdminUsageError(error.message);
      throw error;
    }
  },
};
