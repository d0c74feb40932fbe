import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** A timestamp the database fills in; always read back as a Date. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  /** `scrypt$...` (see packages/server/src/passwords.ts); null for accounts that only sign in socially. */
  password_hash: string | null;
  is_verified: Generated<boolean>;
  user_portal_2fa: Generated<boolean>;
  language: Generated<string>;
  name: Generated<string>;
  company: Generated<string>;
  phone: Generated<string>;
  country: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

export interface SessionsTable {
  /** The handle the devices page shows and deletes by; never the secret. */
  id: Generated<string>;
  /** sha256 (hex) of the cookie's token: a stolen table cannot be replayed as cookies. */
  token_hash: string;
  user_id: string;
  created_at: CreatedAt;
  last_seen_at: CreatedAt;
  expires_at: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export type OneTimeTokenKind =
  | 'verify_email'
  | 'reset_password'
  | 'change_email'
  | 'confirm_email'
  | 'two_factor';

/** E-mailed links and two-factor challenges (packages/server/src/one-time-tokens.ts). */
export interface OneTimeTokensTable {
  id: Generated<string>;
  user_id: string;
  kind: OneTimeTokenKind;
  /** sha256 (hex) of the secret that travels in the link or as the two-factor `hash`. */
  token_hash: string;
  /** Two-factor only: sha256 of the challenge secret and the e-mailed code. */
  code_hash: string | null;
  /** Change of e-mail only: the address being moved to. */
  new_email: string | null;
  attempts: Generated<number>;
  created_at: CreatedAt;
  expires_at: Timestamp;
}

/** Every sign-in attempt of a known user, failed ones too. */
export interface LoginLogsTable {
  id: Generated<number>;
  user_id: string;
  login_at: CreatedAt;
  ip: Generated<string>;
  user_agent: Generated<string>;
  success: boolean;
}

/** Fixed-window counters shared by every API instance. */
export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

export type CatalogueKind = 'firmware' | 'tool' | 'file';

/** A folder or a published package of the catalogue tree (package columns are null on folders). */
export interface CatalogueFilesTable {
  id: Generated<number>;
  parent_id: number | null;
  file: string;
  is_dir: boolean;
  kind: CatalogueKind | null;
  brand: string | null;
  model: string | null;
  soft: string | null;
  version: string | null;
  size: number | null;
  sha256: string | null;
  info_hash: string | null;
  storage_name: string | null;
  restricted: Generated<boolean>;
  created_at: CreatedAt;
  /** Generated full-text vector; never written. */
  search: ColumnType<string, never, never>;
}

/** A user may download the restricted packages of these softs. */
export interface CatalogueGrantsTable {
  user_id: string;
  soft: string;
  created_at: CreatedAt;
}

/** The key download links are signed with (one row, id 1). */
export interface CatalogueLinkKeysTable {
  id: number;
  secret: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  login_logs: LoginLogsTable;
  rate_limits: RateLimitsTable;
  catalogue_files: CatalogueFilesTable;
  catalogue_grants: CatalogueGrantsTable;
  catalogue_link_keys: CatalogueLinkKeysTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type OneTimeToken = Selectable<OneTimeTokensTable>;
