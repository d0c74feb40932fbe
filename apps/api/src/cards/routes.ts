import type { Database } from '@benchside/db/database';
import type { Config } from '@benchside/server/config';
import type { App } from '@benchside/server/create-server';
import type { Kysely } from 'kysely';
import { registerCardRoutes } from './card-routes.ts';
import { registerCredentialRoutes } from './credential-routes.ts';
import { registerTokenRoutes } from './token-routes.ts';

export interface CardsContext {
  db: Kysely<Database>;
  config: Pick<Config, 'vendorCardMasterKey' | 'vendorCardMasterKeysPrevious'>;
}

/** Spec §7 "Cards and credits": cards, products, credentials, credits and tokens. */
export function registerCardsArea(app: App, context: CardsContext): void {
  registerCardRoutes(app, context);
  registerCredentialRoutes(app, context);
  registerTokenRoutes(app, context);
}
