import { type APIRequestContext, expect } from '@playwright/test';
import type { CaughtMail } from '../../packages/server/src/mail/catcher.ts';

async function mailsTo(request: APIRequestContext, address: string): Promise<CaughtMail[]> {
  const response = await request.get('/dev/mail.json');
  expect(response.status()).toBe(200);
  const { member } = (await response.json()) as { member: CaughtMail[] };
  const wanted = address.toLowerCase();
  return member.filter((mail) => mail.to.some((to) => to.toLowerCase() === wanted));
}

/**
 * Waits for a mail to the address whose subject matches, newer than the ones already seen (pass the
 * earlier mail to wait for the one after it), and answers the newest.
 */
export async function waitForMail(
  request: APIRequestContext,
  { to, subject, after }: { to: string; subject: string | RegExp; after?: CaughtMail },
): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const matching = (await mailsTo(request, to)).filter((mail) =>
          typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject),
        );
        // Newest first: whatever comes before the earlier mail arrived after it.
        const seenAt = after ? matching.findIndex((mail) => mail.id === after.id) : -1;
        found = seenAt === 0 ? undefined : matching[0];
        return found !== undefined;
      },
      { message: `a mail to ${to} with subject ${subject}`, timeout: 15_000 },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable: the poll above passed');
  return found;
}

/** The portal link in a mail, as a path with its query (the test's own origin serves it). */
export function linkIn(mail: CaughtMail): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in the mail "${mail.subject}"`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** The six-digit sign-in code of a two-factor mail. */
export function codeIn(mail: CaughtMail): string {
  const match = /^\d{6}$/m.exec(mail.text);
  if (!match) throw new Error(`No code in the mail "${mail.subject}"`);
  return match[0];
}
