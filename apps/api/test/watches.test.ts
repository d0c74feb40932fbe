import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectionSchema } from '@benchside/contracts/common';
import { notificationSchema } from '@benchside/contracts/notifications';
import { MAX_WATCHES_PER_USER, watchMatchSchema, watchSchema } from '@benchside/contracts/watches';
import { signIn } from '@benchside/test-kit/sign-in';
import { createUser, type RunningApi, startApi } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command as digests } from '../src/admin/commands/digests.ts';
import { LIMITS } from '../src/auth/limits.ts';
import { DAY_MS } from '../src/expiry/due-reminders.ts';
import { runWatchDigests } from '../src/watches/digest-job.ts';
import { notifyWatchers } from '../src/watches/notify-watchers.ts';
import { call, errorOf, mailsTo } from './accounts-helpers.ts';
import { publishContent } from './catalogue-helpers.ts';

const KAI = { username: 'kai', email: 'kai@example.test', password: 'Kai#Bench2026', name: 'Kai' };
const LEA = { username: 'lea', email: 'lea@example.test', password: 'Lea#Bench2026', name: 'Lea' };
const MIA = { username: 'mia', email: 'mia@example.test', password: 'Mia#Bench2026', name: 'Mia' };
const NED = { username: 'ned', email: 'ned@example.test', password: 'Ned#Bench2026', name: 'Ned' };
const OLA = { username: 'ola', email: 'ola@example.test', password: 'Ola#Bench2026', name: 'Ola' };

const MODEL = { kind: 'model', brand: 'Samsung', name: 'SM-X100' } as const;
const TOOL = { kind: 'tool', name: 'Bench Tool' } as const;

type Person = { id: string; cookie: string };

describe('watch lists: watches, notifications on publish and the daily digest', () => {
  let api: RunningApi;
  let work: string;
  let kai: Person;
  let lea: Person;
  let mia: Person;
  let ned: Person;

  const put = (who: Person, body: unknown) => call(api, 'PUT', '/api/watches', { cookie: who.cookie, body });
  const list = async (who: Person, query = '') =>
    collectionSchema(watchSchema).parse(
      await (await call(api, 'GET', `/api/watches${query}`, { cookie: who.cookie })).json(),
    );
  const notificationsOf = async (who: Person) =>
    collectionSchema(notificationSchema).parse(
      await (await call(api, 'GET', '/api/notification-to-users', { cookie: who.cookie })).json(),
    ).member;

  beforeAll(async () => {
    api = await startApi();
    work = await mkdtemp(join(tmpdir(), 'benchside-watches-'));
    const person = async (user: typeof KAI): Promise<Person> => ({
      id: await createUser(api.db, user),
      cookie: await signIn(api, user.username, user.password),
    });
    [kai, lea, mia, ned] = await Promise.all([person(KAI), person(LEA), person(MIA), person(NED)]);
    await api.db.updateTable('users').set({ language: 'de' }).where('id', '=', lea.id).execute();
  });
  afterAll(async () => {
    await api.close();
    await rm(work, { recursive: true, force: true });
  });

  it('watches a model once, whatever its case, and answers the watch again', async () => {
    const first = await put(kai, MODEL);
    expect(first.status).toBe(201);
    const created = watchSchema.parse(await first.json());
    expect(created).toMatchObject({ kind: 'model', brand: 'Samsung', name: 'SM-X100', lastPackage: null });
    const again = await put(kai, { kind: 'model', brand: 'samsung', name: 'sm-x100' });
    expect(again.status).toBe(200);
    expect(watchSchema.parse(await again.json()).id).toBe(created.id);
    expect((await put(kai, TOOL)).status).toBe(201);
    expect((await list(kai)).member.map((watch) => watch.name)).toEqual(['Bench Tool', 'SM-X100']);
    const match = await call(api, 'GET', '/api/watches/match?kind=model&brand=SAMSUNG&name=SM-X100', {
      cookie: kai.cookie,
    });
    expect(watchMatchSchema.parse(await match.json()).watch?.id).toBe(created.id);
  });

  it('never shows or removes another user’s watch', async () => {
    const [kaiModel] = (await list(kai, '?itemsPerPage=1&page=2')).member;
    expect(kaiModel?.name).toBe('SM-X100');
    expect(await list(mia)).toEqual({ member: [], totalItems: 0 });
    const match = await call(api, 'GET', '/api/watches/match?kind=model&brand=Samsung&name=SM-X100', {
      cookie: mia.cookie,
    });
    expect(watchMatchSchema.parse(await match.json())).toEqual({ watch: null });
    const removal = await call(api, 'DELETE', `/api/watches/${kaiModel?.id}`, { cookie: mia.cookie });
    expect(removal.status).toBe(404);
    expect((await errorOf(removal)).message).toBe('The requested watch is not found');
    expect((await list(kai)).totalItems).toBe(2);
    expect((await call(api, 'GET', '/api/watches')).status).toBe(401);
  });

  it('answers 400 to malformed ids and targets, 404 to unknown watches, never a stack trace', async () => {
    const malformed = await call(api, 'DELETE', '/api/watches/not-a-watch', { cookie: kai.cookie });
    expect(malformed.status).toBe(400);
    const unknown = await call(api, 'DELETE', `/api/watches/${crypto.randomUUID()}`, { cookie: kai.cookie });
    expect(unknown.status).toBe(404);
    for (const body of [
      { kind: 'car', name: 'X' },
      { kind: 'model', name: 'SM-X100' },
      { kind: 'tool', brand: 'Samsung', name: 'Bench Tool' },
      { kind: 'model', brand: 'Samsung', name: 'a/b' },
      { kind: 'tool', name: 'x'.repeat(101) },
      { kind: 'tool', name: '   ' },
    ]) {
      const response = await put(kai, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(response)).message).not.toMatch(/at |Error:/);
    }
    const page = await call(api, 'GET', '/api/watches?itemsPerPage=1000', { cookie: kai.cookie });
    expect(page.status).toBe(400);
  });

  it(`stops at ${MAX_WATCHES_PER_USER} watches with 409, and a removal makes room`, async () => {
    await api.db
      .insertInto('watches')
      .values(
        Array.from({ length: MAX_WATCHES_PER_USER - 1 }, (_, index) => ({
          user_id: ned.id,
          kind: 'tool' as const,
          brand: null,
          name: `Tool ${index}`,
        })),
      )
      .execute();
    const last = await put(ned, TOOL);
    expect(last.status).toBe(201);
    const full = await put(ned, MODEL);
    expect(full.status).toBe(409);
    expect((await errorOf(full)).message).toMatch(/^Your watch list is full/);
    // Watching what is watched already is no new watch: still answered when full.
    expect((await put(ned, TOOL)).status).toBe(200);
    const removed = await call(api, 'DELETE', `/api/watches/${watchSchema.parse(await last.json()).id}`, {
      cookie: ned.cookie,
    });
    expect(removed.status).toBe(204);
    expect((await put(ned, MODEL)).status).toBe(201);
    await api.db.deleteFrom('watches').where('user_id', '=', ned.id).execute();
  });

  it('tells each watcher once, in their language, when publish adds a matching package, and no one else', async () => {
    expect((await put(lea, { kind: 'model', brand: 'SAMSUNG', name: 'sm-x100' })).status).toBe(201);
    const firmware = await publishContent(api, work, 'SM-X100_EUX_X100XXU1.bin', 'firmware bytes', {
      kind: 'firmware',
      brand: 'Samsung',
      model: 'SM-X100',
      soft: 'Bench Tool',
      version: 'X100XXU1',
    });
    const link = '/firmwares?brand=Samsung&model=SM-X100';
    expect((await notificationsOf(kai)).map(({ message, link }) => ({ message, link }))).toEqual([
      { message: 'New firmware for Samsung SM-X100: SM-X100_EUX_X100XXU1.bin', link },
    ]);
    expect((await notificationsOf(lea)).map((notification) => notification.message)).toEqual([
      'Neue Firmware für Samsung SM-X100: SM-X100_EUX_X100XXU1.bin',
    ]);
    expect(await notificationsOf(mia)).toEqual([]);

    // Running the hook again for the same package (a retried publish step) notifies no one twice.
    await api.db.transaction().execute(async (trx) => expect(await notifyWatchers(trx, firmware.id)).toBe(0));
    expect(await notificationsOf(kai)).toHaveLength(1);

    // Another model, a file, and a restricted tool Kai is not granted are nothing for him.
    await publishContent(api, work, 'SM-X200.bin', 'other', {
      kind: 'firmware',
      brand: 'Samsung',
      model: 'SM-X200',
    });
    await publishContent(api, work, 'notes.txt', 'notes', { kind: 'file', soft: 'Bench Tool' });
    await publishContent(api, work, 'bench-tool-2.zip', 'tool', {
      kind: 'tool',
      soft: 'Bench Tool',
      version: '2.0',
      restricted: true,
    });
    expect(await notificationsOf(kai)).toHaveLength(1);
    await publishContent(api, work, 'bench-tool-3.zip', 'tool', {
      kind: 'tool',
      soft: 'bench tool',
      version: '3.0',
    });
    const kaiNotes = await notificationsOf(kai);
    expect(kaiNotes.map((notification) => notification.message)).toEqual([
      'New version of bench tool: 3.0',
      'New firmware for Samsung SM-X100: SM-X100_EUX_X100XXU1.bin',
    ]);
    expect(kaiNotes[0]?.link).toBe('/tools');

    const watches = await list(kai);
    expect(watches.member.map((watch) => [watch.name, watch.lastPackage?.name])).toEqual([
      ['Bench Tool', 'bench-tool-3.zip'],
      ['SM-X100', 'SM-X100_EUX_X100XXU1.bin'],
    ]);
  });

  it('mails the day’s digest once a day, to opted-in users only, in their language', async () => {
    const optIn = (who: Person) =>
      call(api, 'PATCH', `/api/users/edit/${who.id}`, {
        cookie: who.cookie,
        body: { watchDigestEmails: true },
        contentType: 'application/merge-patch+json',
      });
    expect((await optIn(kai)).status).toBe(200);
    expect((await optIn(lea)).status).toBe(200);
    // Mia watches the model too, without asking for the e-mail.
    expect((await put(mia, MODEL)).status).toBe(201);
    await publishContent(api, work, 'SM-X100_EUX_X100XXU2.bin', 'firmware 2', {
      kind: 'firmware',
      brand: 'Samsung',
      model: 'SM-X100',
    });
    const { published_at: publishedAt } = await api.db
      .selectFrom('watch_packages')
      .select('published_at')
      .where('user_id', '=', mia.id)
      .executeTakeFirstOrThrow();

    // The day of the publish is not over yet: nothing goes out on it.
    expect(await runWatchDigests(api.db, publishedAt)).toBe(0);
    const nextDay = new Date(publishedAt.getTime() + DAY_MS);
    expect(await runWatchDigests(api.db, nextDay)).toBe(2);
    expect(await runWatchDigests(api.db, new Date(nextDay.getTime() + 60_000))).toBe(0);
    expect(await runWatchDigests(api.db, new Date(nextDay.getTime() + DAY_MS))).toBe(0);

    const [kaiMail, ...moreForKai] = await mailsTo(api, KAI.email);
    expect(moreForKai).toEqual([]);
    expect(kaiMail?.subject).toBe('New on your watch list');
    expect(kaiMail?.text).toContain('- New firmware for Samsung SM-X100: SM-X100_EUX_X100XXU2.bin');
    expect(kaiMail?.text).toContain('/watch-list');
    const [leaMail] = await mailsTo(api, LEA.email);
    expect(leaMail?.subject).toBe('Neu auf Ihrer Beobachtungsliste');
    expect(leaMail?.text).toContain('- Neue Firmware für Samsung SM-X100: SM-X100_EUX_X100XXU2.bin');
    expect(await mailsTo(api, MIA.email)).toEqual([]);

    // The operator's `digests run` is the same job on the real clock: yesterday published nothing.
    const printed: string[] = [];
    await digests.run(
      { config: api.config, db: api.db, storage: api.storage, print: (line) => printed.push(line) },
      { values: {}, positionals: ['run'] },
    );
    expect(printed).toEqual(['0 watch list digests sent']);
  });

  it('limits a user to 120 watch list changes in 15 minutes, adds and removals alike, and no one else', async () => {
    expect(LIMITS.watchChange).toMatchObject({ limit: 120, windowMs: 15 * 60_000 });
    const ola = { id: await createUser(api.db, OLA), cookie: await signIn(api, OLA.username, OLA.password) };
    const statuses: number[] = [];
    for (let change = 0; change < LIMITS.watchChange.limit; change += 1) {
      const response =
        change % 2 === 0
          ? await put(ola, TOOL)
          : await call(api, 'DELETE', '/api/watches/00000000-0000-4000-8000-000000000000', {
              cookie: ola.cookie,
            });
      statuses.push(response.status);
    }
    expect(new Set(statuses)).toEqual(new Set([201, 200, 404]));
    for (const refused of [
      await put(ola, MODEL),
      await call(api, 'DELETE', '/api/watches/00000000-0000-4000-8000-000000000000', { cookie: ola.cookie }),
    ]) {
      expect(refused.status).toBe(429);
      expect((await errorOf(refused)).message).toBe(LIMITS.watchChange.message);
    }
    // The refused add wrote nothing, and another technician is not held up.
    expect((await list(ola)).member.map((watch) => watch.name)).toEqual([TOOL.name]);
    expect((await put(kai, TOOL)).status).toBeLessThan(300);
  });
});
