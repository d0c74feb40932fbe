/**
 * Migration 0026's notices, sent whenever what a session lookup reads may have changed: the token
 * hash of a session updated or deleted, or `EVERY_SESSION` when a user changed or either table was
 * truncated. Changing either value needs a new migration.
 */
export const SESSION_CHANGES_CHANNEL = 'benchside_session_changes';
export const EVERY_SESSION = '*';
