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

/** One message, sent to one user or to many (spec §3 Notification). */
export interface NotificationsTable {
  id: Generated<number>;
  message: string;
  created_at: CreatedAt;
}

/** One recipient's copy of a notification: what the user lists, reads and deletes. */
export interface NotificationToUsersTable {
  id: Generated<number>;
  notification_id: number;
  user_id: string;
  created_at: CreatedAt;
  read_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Per-user totals kept by triggers on notification_to_users (migration 0003). */
export interface NotificationCountersTable {
  user_id: string;
  total: number;
  unread: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  login_logs: LoginLogsTable;
  rate_limits: RateLimitsTable;
  notifications: NotificationsTable;
  notification_to_users: NotificationToUsersTable;
  notification_counters: NotificationCountersTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Session = Selectable<SessionsTable>;
export type OneTimeToken = Selectable<OneTimeTokensTable>;
