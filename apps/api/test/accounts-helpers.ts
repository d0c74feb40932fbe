import { changeEmailConfirmResponseSchema, sessionEntrySchema } from '@benchside/contracts/accounts';
import { currentUserSchema } from '@benchside/contracts/auth';
import { collectionSchema, errorBodySchema } from '@benchside/contracts/common';
import type { OneTimeTokenKind } from '@benchside/db/database';
import type { CaughtMail } from '@benchside/server/mail/catcher';
import type { RunningApi } from '@benchside/test-kit/start-api';
import { expect } from 'vitest';

/**
 * The catcher's inbox as a test (or the e2e suite) reads it: `/dev/mail.json`, newest first, once
 * the outbox has delivered everything due (the sender runs after the request's commit).
 */
export async function inbox(api: RunningApi): Promise<CaughtMail[]> {
  await api.app.mailOutbox.flush();
  const response = await fetch(`${api.url}/dev/mail.json`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { member: CaughtMail[] }).member;
}

export async function mailsTo(api: RunningApi, address: string): Promise<CaughtMail[]> {
  const wanted = address.toLowerCase();
  return (await inbox(api)).filter((mail) => mail.to.some((to) => to.toLowerCase() === wanted));
}

export async function lastMailTo(api: RunningApi, address: string): Promise<CaughtMail> {
  const [mail] = await mailsTo(api, address);
  if (!mail) throw new Error(`No mail to ${address}`);
  return mail;
}

/** The one link of a mail's text (as a reader would click it). */
export function linkIn(mail: CaughtMail): URL {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in "${mail.subject}"`);
  return new URL(match[0]);
}

export function tokenIn(mail: CaughtMail): string {
  const token = linkIn(mail).searchParams.get('token');
  if (!token) throw new Error(`No token in the link of "${mail.subject}"`);
  return token;
}

/** The six digits of a two-factor mail. */
export function codeIn(mail: CaughtMail): string {
  const match = /^\d{6}$/m.exec(mail.text);
  if (!match) throw new Error(`No code in "${mail.subject}"`);
  return match[0];
}

export function me(api: RunningApi, cookie: string | undefined) {
  return fetch(`${api.url}/api/me`, cookie ? { headers: { cookie } } : {});
}

/** A JSON call with a session cookie. */
export function call(
  api: RunningApi,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; contentType?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = options.contentType ?? 'application/json';
  return fetch(`${api.url}${path}`, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
}

/** Moves a user's one-time tokens of a kind past their expiry, as time passing would. */
export async function expireTokens(api: RunningApi, kind: OneTimeTokenKind): Promise<void> {
  await api.db
    .updateTable('one_time_tokens')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('kind', '=', kind)
    .execute();
}

/** An error answer, checked against the DESIGN §3 shape. */
export async function errorOf(response: Response) {
  return errorBodySchema.parse(await response.json());
}

/** A `/api/me`-shaped answer. */
export async function userOf(response: Response) {
  return currentUserSchema.parse(await response.json());
}

export async function devicesOf(response: Response) {
  return collectionSchema(sessionEntrySchema).parse(await response.json());
}

export async function confirmationOf(response: Response) {
  return changeEmailConfirmResponseSchema.parse(await response.json());
}
