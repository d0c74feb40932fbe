import type { Database } from '@benchside/db/database';
import type { Config } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import { registerSignedInRoutes } from '@benchside/server/sessions';
import type { ObjectStorage } from '@benchside/server/storage/object-storage';
import type { Kysely } from 'kysely';
import { DownloadLinkSigner } from './download-links.ts';
import { registerDownloadsHost } from './downloads-host.ts';
import { registerFirmwareRoutes } from './firmware-routes.ts';
import { registerCatalogueRoutes } from './routes.ts';

/** The catalogue's API routes and the downloads host under `/dl`, sharing one link signer. */
export async function registerCatalogue(
  app: App,
  options: { config: Config; db: Kysely<Database>; storage: ObjectStorage },
) {
  const { config, db, storage } = options;
  const signer = await DownloadLinkSigner.load(db);
  registerSignedInRoutes(app, (signedIn) => {
    registerCatalogueRoutes(signedIn, { config, db, signer });
    registerFirmwareRoutes(signedIn, { db });
  });
  registerDownloadsHost(app, { config, db, signer, storage });
}
