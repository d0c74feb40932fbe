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

/** A smart card of the vendor; `user_id` is its owner since it was validated, null when free. */
export interface CardsTable {
  id: Generated<string>;
  serial: string;
  firmware_version: string;
  state: Generated<'active' | 'suspended'>;
  user_id: string | null;
  assigned_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface CardValidationsTable {
  serial: string;
  nonce: string;
  accepted_at: CreatedAt;
}

export interface CardAssignedLogsTable {
  id: Generated<string>;
  card_id: string;
  user_id: string;
  action: 'assigned' | 'unassigned';
  at: CreatedAt;
}

export interface CardLogsTable {
  id: Generated<string>;
  card_id: string;
  user_id: string;
  event: string;
  detail: Generated<string>;
  at: CreatedAt;
}

export interface ProductsTable {
  id: string;
  name: string;
  description: Generated<string>;
  created_at: CreatedAt;
}

export interface CardProductsTable {
  card_id: string;
  product_id: string;
  granted_at: CreatedAt;
  activated_at: Timestamp | null;
}

export interface CardDownloadsTable {
  id: Generated<string>;
  card_id: string;
  user_id: string;
  name: string;
  version: Generated<string>;
  size: ColumnType<string, number | undefined, number>;
  date: CreatedAt;
}

/** A sign-in of the vendor's desktop tools, optionally bound to one card. */
export interface UserCrdsTable {
  id: Generated<string>;
  user_id: string;
  card_id: string | null;
  login: string;
  password_hash: string;
  login_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface UserCrdSessionsTable {
  id: Generated<string>;
  user_crd_id: string;
  machine: Generated<string>;
  started_at: CreatedAt;
  last_seen_at: CreatedAt;
  ended_at: Timestamp | null;
}

export interface UserCrdLogsTable {
  id: Generated<string>;
  user_crd_id: string;
  event: string;
  ip: Generated<string>;
  machine: Generated<string>;
  at: CreatedAt;
}

export interface UserCreditSubscriptionsTable {
  id: Generated<string>;
  user_id: string;
  product_id: string | null;
  kind: 'pack' | 'subscription';
  amount: number;
  used: Generated<number>;
  valid_until: Timestamp | null;
  created_at: CreatedAt;
}

export interface TokenEventsTable {
  id: Generated<string>;
  user_crd_id: string;
  event: 'issued' | 'refreshed' | 'revoked';
  machine: Generated<string>;
  at: CreatedAt;
}

export interface TokenFingerprintsTable {
  id: Generated<string>;
  user_crd_id: string;
  fingerprint: string;
  machine: Generated<string>;
  first_seen_at: CreatedAt;
  last_seen_at: CreatedAt;
}

export interface ThirdPartySoftwareTokensTable {
  id: Generated<string>;
  user_crd_id: string;
  name: string;
  /** sha256 (hex) of the token the third-party software presents. */
  token_hash: string;
  active: Generated<boolean>;
  created_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  login_logs: LoginLogsTable;
  rate_limits: RateLimitsTable;
  cards: CardsTable;
  card_validations: CardValidationsTable;
  card_assigned_logs: CardAssignedLogsTable;
  card_logs: CardLogsTable;
  products: ProductsTable;
  card_products: CardProductsTable;
  card_downloads: CardDownloadsTable;
  user_crds: UserCrdsTable;
  user_crd_sessions: UserCrdSessionsTable;
  user_crd_logs: UserCrdLogsTable;
  user_credit_subscriptions: UserCreditSubscriptionsTable;
  token_events: TokenEventsTable;
  token_fingerprints: TokenFingerprintsTable;
  third_party_software_tokens: ThirdPartySoftwareTokensTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type OneTimeToken = Selectable<OneTimeTokensTable>;
