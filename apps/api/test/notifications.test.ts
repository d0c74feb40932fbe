import { collectionSchema } from '@benchside/contracts/common';
import {
  MAX_BULK_IDS,
  notificationChangeSchema,
  notificationSchema,
  notificationTotalSchema,
  unreadCountSchema,
} from '@benchside/contracts/notifications';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminUsageError } from '../src/admin/command.ts';
import { command as notifyCommand } from '../src/admin/commands/notify.ts';
import { sendNotification } from '../src/notifications/store.ts';
import { DEMO_ACCOUNT, seedDemo } from '../src/seed/demo.ts';
import { call, errorOf } from './accounts-helpers.ts';
import { MIA, NED, signedInMiaAndNed } from './mia-and-ned.ts';

const pageSchema = collectionSchema(notificationSchema);
const MINUTE_MS = 60_000;

describe('notifications', () => {
  let api: RunningApi;
  let miaId: string;
  let nedId: string;
  let mia: string;
  let ned: string;

  const list = async (cookie: string, query = '') => {
    const response = await call(api, 'GET', `/api/notification-to-users${query}`, { cookie });
    expect(response.status).toBe(200);
    return pageSchema.parse(await response.json());
  };
  const unread = async (cookie: string) => {
    const response = await call(api, 'GET', '/api/notification/unread-count', { cookie });
    expect(response.status).toBe(200);
    return unreadCountSchema.parse(await response.json()).unreadCount;
  };
  const total = async (cookie: string) =>
    notificationTotalSchema.parse(
      await (await call(api, 'GET', '/api/notification/total', { cookie })).json(),
    ).total;
  /** `count` messages for one user, a minute apart, the last one newest. */
  const give = async (userId: string, count: number, label: string) => {
    const base = Date.now() - count * MINUTE_MS;
    for (let index = 0; index < count; index += 1) {
      await sendNotification(
        api.db,
        `${label} ${index + 1}`,
        { userIds: [userId] },
        new Date(base + index * MINUTE_MS),
      );
    }
  };
  const clear = () => api.db.deleteFrom('notifications').execute();

  beforeAll(async () => {
    api = await startApi();
    ({ miaId, nedId, mia, ned } = await signedInMiaAndNed(api));
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers 401 on every notification call when signed out', async () => {
    for (const [method, path, body] of [
      ['GET', '/api/notification-to-users', undefined],
      ['GET', '/api/notification/total', undefined],
      ['GET', '/api/notification/unread-count', undefined],
      ['PATCH', '/api/notification-to-users/1', { readed: true }],
      ['POST', '/api/notification/read', { ids: [1] }],
      ['POST', '/api/notification/read-all', {}],
      ['POST', '/api/notification/delete', { ids: [1] }],
    ] as const) {
      const response = await call(api, method, path, body === undefined ? {} : { body });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  describe('listing', () => {
    beforeAll(async () => {
      await clear();
      await give(miaId, 12, 'Mia');
      await give(nedId, 3, 'Ned');
    });

    it('pages newest first with the total, and only the signed-in user’s', async () => {
      const first = await list(mia, '?page=1&itemsPerPage=5&order[createdAt]=desc');
      expect(first.totalItems).toBe(12);
      expect(first.member.map((item) => item.message)).toEqual([
        'Mia 12',
        'Mia 11',
        'Mia 10',
        'Mia 9',
        'Mia 8',
      ]);
      expect(first.member.every((item) => item.readed === false)).toBe(true);
      const last = await list(mia, '?page=3&itemsPerPage=5');
      expect(last.member.map((item) => item.message)).toEqual(['Mia 2', 'Mia 1']);
      const oldest = await list(mia, '?itemsPerPage=2&order[createdAt]=asc');
      expect(oldest.member.map((item) => item.message)).toEqual(['Mia 1', 'Mia 2']);
      expect((await list(ned)).member.map((item) => item.message)).toEqual(['Ned 3', 'Ned 2', 'Ned 1']);
    });

    it('answers an empty page past the end, with the total', async () => {
      expect(await list(mia, '?page=99&itemsPerPage=10')).toEqual({ member: [], totalItems: 12 });
    });

    it('answers an empty list for a user who never had a notification', async () => {
      await createUser(api.db, {
        username: 'sam',
        email: 'sam@example.test',
        password: MIA.password,
      });
      const cookie = await signIn(api, 'sam', MIA.password);
      expect(await list(cookie)).toEqual({ member: [], totalItems: 0 });
      expect(await unread(cookie)).toBe(0);
      expect(await total(cookie)).toBe(0);
    });

    it('refuses page and page-size bounds and an unknown order with violations', async () => {
      for (const query of [
        '?page=0',
        '?itemsPerPage=0',
        '?itemsPerPage=101',
        '?page=abc',
        '?order[createdAt]=up',
      ]) {
        const response = await call(api, 'GET', `/api/notification-to-users${query}`, { cookie: mia });
        expect(response.status, query).toBe(400);
        expect((await errorOf(response)).violations?.length, query).toBeGreaterThan(0);
      }
    });

    it('answers users polling at the same moment each with their own count and page', async () => {
      // Reads of one moment share queries (one counters query, one per distinct page): never answers.
      const [miaUnread, nedUnread, miaPage, nedPage, miaAgain, miaSmaller] = await Promise.all([
        unread(mia),
        unread(ned),
        list(mia, '?itemsPerPage=3'),
        list(ned, '?itemsPerPage=3'),
        list(mia, '?itemsPerPage=3'),
        list(mia, '?itemsPerPage=2'),
      ]);
      expect([miaUnread, nedUnread]).toEqual([12, 3]);
      expect(miaPage.member.map((item) => item.message)).toEqual(['Mia 12', 'Mia 11', 'Mia 10']);
      expect(nedPage.member.map((item) => item.message)).toEqual(['Ned 3', 'Ned 2', 'Ned 1']);
      expect(miaAgain).toEqual(miaPage);
      expect(miaSmaller.member.map((item) => item.message)).toEqual(['Mia 12', 'Mia 11']);
    });

    it('counts the total and the unread separately', async () => {
      expect(await total(mia)).toBe(12);
      expect(await unread(mia)).toBe(12);
      expect(await unread(ned)).toBe(3);
    });
  });

  describe('marking read and deleting', () => {
    let miaIds: number[];
    let nedIds: number[];
    beforeAll(async () => {
      await clear();
      await give(miaId, 6, 'Mia');
      await give(nedId, 2, 'Ned');
      miaIds = (await list(mia)).member.map((item) => item.id);
      nedIds = (await list(ned)).member.map((item) => item.id);
    });

    it('marks one read, again without harm, and hides another user’s behind 404', async () => {
      const [id] = miaIds;
      const marked = await call(api, 'PATCH', `/api/notification-to-users/${id}`, {
        cookie: mia,
        body: { readed: true },
        contentType: 'application/merge-patch+json',
      });
      expect(marked.status).toBe(200);
      expect(notificationSchema.parse(await marked.json())).toMatchObject({
        id,
        message: 'Mia 6',
        readed: true,
      });
      expect(await unread(mia)).toBe(5);
      const again = await call(api, 'PATCH', `/api/notification-to-users/${id}`, {
        cookie: mia,
        body: { readed: true },
      });
      expect(again.status).toBe(200);
      expect(await unread(mia)).toBe(5);

      for (const other of [String(nedIds[0]), '0', 'abc', '99999999999999999999']) {
        const response = await call(api, 'PATCH', `/api/notification-to-users/${other}`, {
          cookie: mia,
          body: { readed: true },
        });
        expect(response.status, other).toBe(404);
      }
      expect(await unread(ned)).toBe(2);
      const unmark = await call(api, 'PATCH', `/api/notification-to-users/${id}`, {
        cookie: mia,
        body: { readed: false },
      });
      expect(unmark.status).toBe(400);
    });

    it('marks the listed ones read and ignores ids that are not the user’s', async () => {
      const response = await call(api, 'POST', '/api/notification/read', {
        cookie: mia,
        body: { ids: [miaIds[0], miaIds[1], miaIds[2], ...nedIds] },
      });
      expect(response.status).toBe(200);
      // The first was already read: two changed.
      expect(notificationChangeSchema.parse(await response.json())).toEqual({ count: 2, unreadCount: 3 });
      expect((await list(ned)).member.every((item) => !item.readed)).toBe(true);
      expect((await list(mia)).member.map((item) => item.readed)).toEqual([
        true,
        true,
        true,
        false,
        false,
        false,
      ]);
    });

    it('refuses a missing, empty, too long or malformed id list with violations', async () => {
      const tooMany = Array.from({ length: MAX_BULK_IDS + 1 }, (_, index) => index + 1);
      for (const body of [
        {},
        { ids: [] },
        { ids: tooMany },
        { ids: ['1'] },
        { ids: [1.5] },
        { ids: [-1] },
        { ids: 7 },
      ]) {
        for (const path of ['/api/notification/read', '/api/notification/delete']) {
          const response = await call(api, 'POST', path, { cookie: mia, body });
          expect(response.status, `${path} ${JSON.stringify(body).slice(0, 40)}`).toBe(400);
          expect((await errorOf(response)).violations?.[0]?.propertyPath).toMatch(/^ids/);
        }
      }
      const full = await call(api, 'POST', '/api/notification/read', {
        cookie: mia,
        body: { ids: Array.from({ length: MAX_BULK_IDS }, (_, index) => 10_000_000 + index) },
      });
      expect(full.status).toBe(200);
      expect(await unread(ned)).toBe(2);
    });

    it('deletes the listed ones, never another user’s', async () => {
      const response = await call(api, 'POST', '/api/notification/delete', {
        cookie: mia,
        body: { ids: [miaIds[0], miaIds[3], nedIds[0]] },
      });
      expect(response.status).toBe(200);
      expect(notificationChangeSchema.parse(await response.json())).toEqual({ count: 2, unreadCount: 2 });
      const after = await list(mia);
      expect(after.totalItems).toBe(4);
      expect(after.member.map((item) => item.id)).not.toContain(miaIds[0]);
      expect(await total(ned)).toBe(2);
      const gone = await call(api, 'PATCH', `/api/notification-to-users/${miaIds[0]}`, {
        cookie: mia,
        body: { readed: true },
      });
      expect(gone.status).toBe(404);
    });

    it('marks all of the user’s read, no one else’s', async () => {
      const response = await call(api, 'POST', '/api/notification/read-all', { cookie: mia, body: {} });
      expect(response.status).toBe(200);
      expect(notificationChangeSchema.parse(await response.json())).toEqual({ count: 2, unreadCount: 0 });
      expect(await unread(mia)).toBe(0);
      expect(await unread(ned)).toBe(2);
      const extra = await call(api, 'POST', '/api/notification/read-all', {
        cookie: mia,
        body: { ids: [1] },
      });
      expect(extra.status).toBe(400);
    });
  });

  describe('npm run admin -- notify', () => {
    const lines: string[] = [];
    const run = (values: Record<string, string | boolean>) =>
      notifyCommand.run(
        { config: api.config, db: api.db, storage: api.storage, print: (line) => lines.push(line) },
        { values, positionals: [] },
      );

    beforeAll(clear);

    it('stores a message for one user, found by username or e-mail', async () => {
      await run({ user: 'MIA', message: 'Your card was shipped.' });
      await run({ user: NED.email, message: 'Hello Ned' });
      expect((await list(mia)).member.map((item) => item.message)).toEqual(['Your card was shipped.']);
      expect((await list(ned)).member.map((item) => item.message)).toEqual(['Hello Ned']);
      expect(lines.at(-1)).toMatch(/^Notification \d+ stored for ned$/);
    });

    it('stores a message for every user with --all, in one statement for the whole base', async () => {
      const users = Number(
        (
          await api.db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
      await run({ all: true, message: 'Maintenance tonight' });
      expect(lines.at(-1)).toMatch(new RegExp(`^Notification \\d+ stored for ${users} users$`));
      for (const cookie of [mia, ned]) {
        expect((await list(cookie, '?itemsPerPage=1')).member[0]?.message).toBe('Maintenance tonight');
      }
      expect(await unread(mia)).toBe(2);
      const rows = await api.db
        .selectFrom('notifications')
        .select('id')
        .where('message', '=', 'Maintenance tonight')
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('explains wrong arguments', async () => {
      await expect(run({ message: 'x' })).rejects.toThrow(AdminUsageError);
      await expect(run({ all: true, user: 'mia', message: 'x' })).rejects.toThrow(
        'Give either --user U or --all',
      );
      await expect(run({ all: true })).rejects.toThrow('--message is required');
      await expect(run({ user: 'nobody', message: 'x' })).rejects.toThrow(
        'No user with the username or e-mail nobody',
      );
      await expect(run({ all: true, message: 'x'.repeat(2001) })).rejects.toThrow(AdminUsageError);
    });
  });

  it('gives the demo account a page and more of notifications, some unread', async () => {
    await api.db.deleteFrom('users').execute();
    expect(await seedDemo(api.db, api.storage, api.config)).toBe(true);
    const cookie = await signIn(api, DEMO_ACCOUNT.username, DEMO_ACCOUNT.password);
    const page = await list(cookie, '?itemsPerPage=5');
    expect(page.totalItems).toBe(12);
    expect(await unread(cookie)).toBe(6);
    expect(page.member.every((item) => !item.readed)).toBe(true);
  });
});
