import type { ColumnType, Generated, Selectable } from 'kysely';

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
  /** False when the user turned off e-mails before licences and credits expire (migration 0020). */
  expiry_reminder_emails: Generated<boolean>;
  /** True when the user asked for the daily e-mail of new packages on their watch list (0021). */
  watch_digest_emails: Generated<boolean>;
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
  /** Null only for a social sign-up waiting for its mailed link (`verify_email` with `social_*`). */
  user_id: string | null;
  kind: OneTimeTokenKind;
  /** sha256 (hex) of the secret that travels in the link or as the two-factor `hash`. */
  token_hash: string;
  /** Two-factor only: sha256 of the challenge secret and the e-mailed code. */
  code_hash: string | null;
  /** Change of e-mail: the address being moved to; social sign-up: the address the user typed. */
  new_email: string | null;
  /** Social sign-up only: the provider identity that gets the account once the link is opened. */
  social_provider: SocialAccountsTable['provider'] | null;
  social_subject: string | null;
  social_name: string | null;
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

export type MailOutboxStatus = 'pending' | 'sent' | 'failed';

/** E-mails waiting for, or done with, delivery (packages/server/src/mail/outbox.ts). */
export interface MailOutboxTable {
  id: Generated<string>;
  recipient: string;
  /** The template's kind, kept after the content is emptied. */
  kind: string;
  /** The template input (JSON text on write); null once sent. */
  content: ColumnType<unknown, string | null, string | null>;
  status: Generated<MailOutboxStatus>;
  attempts: Generated<number>;
  /** When the row is next due; a claim moves it one lease ahead. */
  next_attempt_at: CreatedAt;
  last_error: string | null;
  created_at: CreatedAt;
  sent_at: Date | null;
  failed_at: Date | null;
  /** Increases with every row written; `created_at` ties within a transaction. */
  write_order: ColumnType<string, never, never>;
}

/** Fixed-window counters shared by every API instance. */
export interface RateLimitsTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

export type ConversationSource = 'portal' | 'ticket';
export type ThreadAuthor = 'user' | 'support';

/** A user's exchange with support, started in the portal or by a support ticket. */
export interface ConversationsTable {
  id: Generated<string>;
  user_id: string;
  subject: string;
  source: ConversationSource;
  /** Tickets only: the category and device model the form asked for. */
  category: string | null;
  device_model: string | null;
  /** Set by a support reply, cleared when the user opens the conversation. */
  user_unread: Generated<boolean>;
  created_at: CreatedAt;
  last_message_at: CreatedAt;
}

/** One message of a conversation (the spec calls them threads). */
export interface ThreadsTable {
  id: Generated<string>;
  conversation_id: string;
  author: ThreadAuthor;
  body: string;
  created_at: CreatedAt;
}

/** An uploaded file; `thread_id` stays null until the message it belongs to is sent. */
export interface AttachmentsTable {
  id: Generated<string>;
  user_id: string;
  thread_id: string | null;
  /** Random file name under the attachment folder; never derived from the user's file name. */
  storage_key: string;
  name: string;
  content_type: string;
  size: number;
  created_at: CreatedAt;
}

/** A knowledge-base category; `names` maps a language code to its name, English always present. */
export interface KbCategoriesTable {
  id: Generated<string>;
  slug: string;
  names: ColumnType<Record<string, string>, string, string>;
  position: Generated<number>;
  created_at: CreatedAt;
}

/** A knowledge-base article: its slug and category; its words live in `kb_article_texts`. */
export interface KbArticlesTable {
  id: Generated<string>;
  slug: string;
  category_id: string;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** One language's text of an article (English, and any translations). */
export interface KbArticleTextsTable {
  id: Generated<string>;
  article_id: string;
  language: string;
  title: string;
  body_markdown: string;
  body_html: string;
  body_text: string;
  /** Generated by the database from title and body_text; never written. */
  search_vector: ColumnType<string, never, never>;
  updated_at: CreatedAt;
}

/** A Google or Facebook identity linked to an account (migration 0005). */
export interface SocialAccountsTable {
  id: Generated<string>;
  user_id: string;
  provider: 'google' | 'facebook';
  /** The provider's stable user id (Google `sub`, Facebook's app-scoped id). */
  subject: string;
  email: Generated<string>;
  name: Generated<string>;
  created_at: CreatedAt;
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
  /** Firmwares only (migration 0018): region or CSC, e.g. `EUX`. */
  region: ColumnType<string | null, string | null | undefined, string | null>;
  /** e.g. `14` or `8.1`. */
  android_version: ColumnType<string | null, string | null | undefined, string | null>;
  /** Dates as `YYYY-MM-DD`: read them as `::text`, the drivers would make local-time Dates of them. */
  security_patch: ColumnType<string | null, string | null | undefined, string | null>;
  bootloader: ColumnType<number | null, number | null | undefined, number | null>;
  release_date: ColumnType<string | null, string | null | undefined, string | null>;
  changelog: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One per brand and model with a firmware, kept by triggers on `catalogue_files`. */
export interface CatalogueModelsTable {
  brand: string;
  model: string;
  /** The softs of the model's firmwares, sorted, without duplicates. */
  softs: string[];
}

/** One per brand with a firmware and how many models it has, kept with `catalogue_models`. */
export interface CatalogueBrandsTable {
  brand: string;
  models: number;
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

/** One message, sent to one user or to many (spec §3 Notification). */
export interface NotificationsTable {
  id: Generated<number>;
  message: string;
  /** The portal path the notification is about, e.g. a watched model's firmwares (0021). */
  link: ColumnType<string | null, string | null | undefined, string | null>;
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

/** A smart card of the vendor; `user_id` is its owner since it was validated, null when free. */
export interface CardsTable {
  id: Generated<string>;
  serial: string;
  firmware_version: string;
  state: Generated<'active' | 'suspended'>;
  user_id: string | null;
  assigned_at: Timestamp | null;
  created_at: CreatedAt;
  /** `masterKeyId` of the vendor master key its last validation was verified with; null before one. */
  master_key_id: string | null;
  /** When the card's support licence ends; null for one without an end. */
  expires_at: Timestamp | null;
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

/** A model the vendor's products support (`models import`); `brand` and `name` in any case are its key. */
export interface SupportedModelsTable {
  /** bigint: the drivers hand it back as a string or a number; read it with `Number()`. */
  id: ColumnType<string | number, never, never>;
  brand: string;
  name: string;
  /** Upper case, as printed on the phone's label. */
  codes: string[];
  /** Brand and name words and every suffix of each code, kept by the database (0017). */
  search: ColumnType<string, never, never>;
}

/** A function one product provides for one model, at its credit cost. */
export interface SupportedModelFunctionsTable {
  model_id: string | number;
  /** One of `SUPPORTED_FUNCTIONS` (packages/contracts/src/supported-models.ts). */
  function: string;
  product_id: string;
  credits: number;
  note: Generated<string>;
}

export interface CardProductsTable {
  card_id: string;
  product_id: string;
  granted_at: CreatedAt;
  activated_at: Timestamp | null;
  /** A set end, or the one the activation fixed from `valid_days`; null while neither is known. */
  expires_at: Timestamp | null;
  /** How long the licence runs from its activation, when it has no set end. */
  valid_days: number | null;
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

export type CreditMovementKind = 'grant' | 'use' | 'refund' | 'expiry';
export type CreditUseResult = 'succeeded' | 'failed';

/** One credit movement with the user's balance after it (migration 0015). */
export interface CreditLedgerTable {
  id: ColumnType<string, never, never>;
  user_id: string;
  kind: CreditMovementKind;
  /** Signed: grants and refunds add, uses and expiries take away. */
  amount: number;
  balance_after: number;
  card_id: string | null;
  user_crd_id: string | null;
  product_id: string | null;
  /** The credit pack or subscription a grant or an expiry concerns. */
  subscription_id: string | null;
  /** What the operation did, e.g. "Unlock", "FRP", "Read info" (uses and their refunds). */
  function: string | null;
  device_model: string | null;
  result: CreditUseResult | null;
  /** A refund's use. */
  refund_of: string | null;
  /** A failed use's support conversation, once its refund was requested. */
  refund_conversation_id: string | null;
  /** The technician's own customer a use was for (migration 0022); cleared if the customer is deleted. */
  customer_id: string | null;
  /** The customer's device, as the technician describes it ("Galaxy A52 · IMEI …"). */
  customer_device: string | null;
  /** An expiry's pack end: unique with the pack, so each end takes the pack's credits once. */
  pack_ended_at: Timestamp | null;
  created_at: CreatedAt;
}

/** The balance of the newest ledger row of each user; locked by every ledger writer. */
export interface CreditBalancesTable {
  user_id: string;
  balance: number;
  /** How many rows the user's ledger holds, kept by triggers (migration 0024). */
  movements: Generated<number>;
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

/** One of a technician's own customers (the customer book). */
export interface CustomersTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  type: 'business' | 'individual';
  company: Generated<string>;
  email: Generated<string>;
  phone: Generated<string>;
  status: Generated<'active' | 'suspended'>;
  notes: Generated<string>;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** How many customers a technician has, kept by triggers on `customers`. */
export interface CustomerCountersTable {
  user_id: string;
  total: Generated<number>;
}

/** One reminder sent (notification, and e-mail unless opted out) before an item expires. */
export interface ExpiryRemindersTable {
  id: Generated<string>;
  user_id: string;
  item_kind: 'card' | 'product' | 'credit';
  /** The card id, `<card id>/<product id>`, or the credit pack's id. */
  item_key: string;
  expires_at: Timestamp;
  threshold_days: number;
  emailed: boolean;
  sent_at: CreatedAt;
}

export type WatchKind = 'model' | 'tool';

/** A firmware model (brand and model) or a tool (its soft) a user wants to hear about (0021). */
export interface WatchesTable {
  id: Generated<string>;
  user_id: string;
  kind: WatchKind;
  /** Models only. */
  brand: string | null;
  /** The model, or the tool's soft. */
  name: string;
  created_at: CreatedAt;
}

/** A package `publish` added for a watch: one notification each, and the digest's lines. */
export interface WatchPackagesTable {
  watch_id: string;
  package_id: number;
  user_id: string;
  published_at: CreatedAt;
}

/** A day's digest e-mail sent to a user; the key makes it once a day. */
export interface WatchDigestsTable {
  user_id: string;
  /** `YYYY-MM-DD` (UTC); written as text, never read back. */
  day: string;
  sent_at: CreatedAt;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  one_time_tokens: OneTimeTokensTable;
  login_logs: LoginLogsTable;
  rate_limits: RateLimitsTable;
  mail_outbox: MailOutboxTable;
  conversations: ConversationsTable;
  threads: ThreadsTable;
  attachments: AttachmentsTable;
  kb_categories: KbCategoriesTable;
  kb_articles: KbArticlesTable;
  kb_article_texts: KbArticleTextsTable;
  social_accounts: SocialAccountsTable;
  catalogue_files: CatalogueFilesTable;
  catalogue_models: CatalogueModelsTable;
  catalogue_brands: CatalogueBrandsTable;
  catalogue_grants: CatalogueGrantsTable;
  catalogue_link_keys: CatalogueLinkKeysTable;
  notifications: NotificationsTable;
  notification_to_users: NotificationToUsersTable;
  notification_counters: NotificationCountersTable;
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
  credit_ledger: CreditLedgerTable;
  credit_balances: CreditBalancesTable;
  token_events: TokenEventsTable;
  token_fingerprints: TokenFingerprintsTable;
  third_party_software_tokens: ThirdPartySoftwareTokensTable;
  supported_models: SupportedModelsTable;
  supported_model_functions: SupportedModelFunctionsTable;
  customers: CustomersTable;
  customer_counters: CustomerCountersTable;
  expiry_reminders: ExpiryRemindersTable;
  watches: WatchesTable;
  watch_packages: WatchPackagesTable;
  watch_digests: WatchDigestsTable;
}

export type User = Selectable<UsersTable>;
export type OneTimeToken = Selectable<OneTimeTokensTable>;
export type Conversation = Selectable<ConversationsTable>;
export type Thread = Selectable<ThreadsTable>;
export type Attachment = Selectable<AttachmentsTable>;
export type SocialAccountRow = Selectable<SocialAccountsTable>;
