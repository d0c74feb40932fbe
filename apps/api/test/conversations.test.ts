import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { collectionSchema, errorBodySchema } from '@benchside/contracts/common';
import {
  attachmentSchema,
  conversationDetailSchema,
  conversationSummarySchema,
  FILE_TOO_LARGE_MESSAGE,
  MAX_ATTACHMENT_BYTES,
  threadSchema,
  UNSUPPORTED_FILE_TYPE_MESSAGE,
} from '@benchside/contracts/conversations';
import { MAX_UNSENT_ATTACHMENTS, TOO_MANY_UNSENT_MESSAGE } from '@benchside/server/conversations/uploads';
import {
  type ConversationsTestApi,
  EXE_BYTES,
  PNG_BYTES,
  signedInUser,
  startConversationsApi,
  uploadFile,
} from '@benchside/test-kit/conversations-helpers';
import { postJson } from '@benchside/test-kit/start-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command as replyCommand } from '../src/admin/commands/reply.ts';
import { contentDisposition, SENT_ATTACHMENT_MESSAGE } from '../src/conversations/routes.ts';

const listSchema = collectionSchema(conversationSummarySchema);

describe('conversations and attachments', () => {
  let api: ConversationsTestApi;
  let alice: { id: string; cookie: string };
  let bob: { id: string; cookie: string };

  const get = (path: string, cookie: string) => fetch(`${api.url}${path}`, { headers: { cookie } });
  const upload = (cookie: string, bytes: Uint8Array, name: string, type?: string) =>
    uploadFile(`${api.url}/api/attachments`, cookie, bytes, name, type ? { type } : {});
  const uploaded = async (cookie: string, bytes: Uint8Array, name: string) => {
    const response = await upload(cookie, bytes, name);
    expect(response.status, await response.clone().text()).toBe(201);
    return attachmentSchema.parse(await response.json());
  };
  const send = (cookie: string, body: Record<string, unknown>) =>
    postJson(`${api.url}/api/threads`, body, { cookie });
  const storedFiles = async () => readdir(join(api.dataDir, 'attachments')).catch(() => [] as string[]);

  beforeAll(async () => {
    api = await startConversationsApi();
    alice = await signedInUser(api, 'alice');
    bob = await signedInUser(api, 'bob');
  });
  afterAll(async () => {
    await api.close();
  });

  it('answers 401 without a session', async () => {
    expect((await fetch(`${api.url}/api/conversations`)).status).toBe(401);
    expect((await postJson(`${api.url}/api/threads`, { body: 'Hi' })).status).toBe(401);
    expect((await uploadFile(`${api.url}/api/attachments`, '', PNG_BYTES, 'a.png')).status).toBe(401);
  });

  it('starts a conversation with an attachment, lists it and opens it with the file', async () => {
    const file = await uploaded(alice.cookie, PNG_BYTES, 'screen shot.png');
    expect(file).toMatchObject({ name: 'screen shot.png', size: PNG_BYTES.length, contentType: 'image/png' });

    const created = await send(alice.cookie, {
      body: 'Reader not found\nIt stopped after the update.',
      conversationId: null,
      attachments: [file.id],
    });
    expect(created.status).toBe(201);
    const thread = threadSchema.parse(await created.json());
    expect(thread).toMatchObject({ author: 'user', attachments: [{ id: file.id, name: 'screen shot.png' }] });

    const list = listSchema.parse(await (await get('/api/conversations', alice.cookie)).json());
    expect(list.totalItems).toBe(1);
    expect(list.member[0]).toMatchObject({
      id: thread.conversationId,
      subject: 'Reader not found',
      source: 'portal',
      unread: false,
      messageCount: 1,
      lastMessage: { author: 'user', excerpt: 'Reader not found It stopped after the update.' },
    });

    const detail = conversationDetailSchema.parse(
      await (await get(`/api/conversations/${thread.conversationId}`, alice.cookie)).json(),
    );
    expect(detail.threads).toHaveLength(1);
    expect(detail.threads[0]?.attachments.map((attachment) => attachment.id)).toEqual([file.id]);
  });

  it('downloads an attachment byte for byte, as a download that is never sniffed', async () => {
    const file = await uploaded(alice.cookie, PNG_BYTES, 'wiring «diagram».png');
    await send(alice.cookie, { body: 'With a diagram', attachments: [file.id] });
    const response = await get(`/api/attachments/${file.id}/download`, alice.cookie);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG_BYTES);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="wiring _diagram_.png"; filename*=UTF-8''wiring%20%C2%ABdiagram%C2%BB.png`,
    );
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });

  it('stores files under random names in DATA_DIR/attachments, never the user’s name', async () => {
    const before = await storedFiles();
    await uploaded(alice.cookie, PNG_BYTES, '../../etc/passwd.png');
    const added = (await storedFiles()).filter((name) => !before.includes(name));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('keeps the last segment of a path-like file name for display only', async () => {
    const file = await uploaded(alice.cookie, PNG_BYTES, 'C:\\Users\\tech\\..\\crash.png');
    expect(file.name).toBe('crash.png');
    expect(contentDisposition('a"b.txt')).toContain('filename="a_b.txt"');
  });

  it('refuses a program renamed to .png by its content (415) and keeps nothing', async () => {
    const before = await storedFiles();
    const response = await upload(alice.cookie, EXE_BYTES, 'photo.png', 'image/png');
    expect(response.status).toBe(415);
    expect(errorBodySchema.parse(await response.json()).message).toBe(UNSUPPORTED_FILE_TYPE_MESSAGE);
    expect(await storedFiles()).toEqual(before);
  });

  it('accepts plain-text logs, a JPEG, a PDF and a zip by their content, whatever their names', async () => {
    const cases: [Uint8Array, string][] = [
      [new TextEncoder().encode('2026-03-01 12:00:01 reader: timeout ✓\n'), 'text/plain'],
      [new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), 'image/jpeg'],
      [new TextEncoder().encode('%PDF-1.7\n%âãÏÓ\n'), 'application/pdf'],
      [new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), 'application/zip'],
    ];
    for (const [bytes, type] of cases) {
      expect((await uploaded(alice.cookie, bytes, 'file.bin')).contentType).toBe(type);
    }
  });

  it('takes exactly 10 MB and answers 413 one byte beyond, keeping nothing', async () => {
    const limit = new Uint8Array(MAX_ATTACHMENT_BYTES).fill(0x61);
    expect((await uploaded(alice.cookie, limit, 'limit.log')).size).toBe(MAX_ATTACHMENT_BYTES);
    const before = await storedFiles();
    const response = await upload(
      alice.cookie,
      new Uint8Array(MAX_ATTACHMENT_BYTES + 1).fill(0x61),
      'big.log',
    );
    expect(response.status).toBe(413);
    expect(errorBodySchema.parse(await response.json()).message).toBe(FILE_TOO_LARGE_MESSAGE);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses an empty file, a missing file field and a JSON body', async () => {
    expect((await upload(alice.cookie, new Uint8Array(0), 'empty.txt')).status).toBe(400);
    const wrongField = await uploadFile(`${api.url}/api/attachments`, alice.cookie, PNG_BYTES, 'a.png', {
      field: 'upload',
    });
    expect(wrongField.status).toBe(400);
    expect(errorBodySchema.parse(await wrongField.json()).violations?.[0]?.propertyPath).toBe('file');
    const json = await postJson(`${api.url}/api/attachments`, {}, { cookie: alice.cookie });
    expect(json.status).toBe(415);
  });

  it('removes an unsent attachment (file too) and refuses to remove a sent one', async () => {
    const unsent = await uploaded(alice.cookie, PNG_BYTES, 'oops.png');
    const filesWith = await storedFiles();
    const removed = await fetch(`${api.url}/api/attachments/${unsent.id}`, {
      method: 'DELETE',
      headers: { cookie: alice.cookie },
    });
    expect(removed.status).toBe(204);
    expect((await storedFiles()).length).toBe(filesWith.length - 1);
    expect((await send(alice.cookie, { body: 'Hi', attachments: [unsent.id] })).status).toBe(400);

    const sent = await uploaded(alice.cookie, PNG_BYTES, 'kept.png');
    expect((await send(alice.cookie, { body: 'Kept', attachments: [sent.id] })).status).toBe(201);
    const refused = await fetch(`${api.url}/api/attachments/${sent.id}`, {
      method: 'DELETE',
      headers: { cookie: alice.cookie },
    });
    expect(refused.status).toBe(409);
    expect(errorBodySchema.parse(await refused.json()).message).toBe(SENT_ATTACHMENT_MESSAGE);
    // An attachment goes out once: sending it again is refused.
    const again = await send(alice.cookie, { body: 'Again', attachments: [sent.id] });
    expect(again.status).toBe(400);
    expect(errorBodySchema.parse(await again.json()).violations?.[0]?.propertyPath).toBe('attachments[0]');
  });

  it('never shows, sends, downloads or removes another user’s conversation or file (404)', async () => {
    const file = await uploaded(alice.cookie, PNG_BYTES, 'private.png');
    const thread = threadSchema.parse(
      await (await send(alice.cookie, { body: 'Private', attachments: [file.id] })).json(),
    );
    const unsent = await uploaded(alice.cookie, PNG_BYTES, 'draft.png');

    expect((await get(`/api/conversations/${thread.conversationId}`, bob.cookie)).status).toBe(404);
    expect((await get(`/api/attachments/${file.id}/download`, bob.cookie)).status).toBe(404);
    expect((await get(`/api/attachments/${unsent.id}/download`, bob.cookie)).status).toBe(404);
    const deleteAs = (id: string) =>
      fetch(`${api.url}/api/attachments/${id}`, { method: 'DELETE', headers: { cookie: bob.cookie } });
    expect((await deleteAs(unsent.id)).status).toBe(404);
    expect((await deleteAs(file.id)).status).toBe(404);
    expect((await send(bob.cookie, { body: 'Hijack', conversationId: thread.conversationId })).status).toBe(
      404,
    );
    const stolen = await send(bob.cookie, { body: 'Mine now', attachments: [unsent.id] });
    expect(stolen.status).toBe(400);
    expect(listSchema.parse(await (await get('/api/conversations', bob.cookie)).json()).totalItems).toBe(0);
    // Nothing of Bob's failed attempt stayed behind, and Alice's draft is still hers to send.
    expect((await send(alice.cookie, { body: 'Mine', attachments: [unsent.id] })).status).toBe(201);

    expect((await get('/api/conversations/not-a-uuid', alice.cookie)).status).toBe(404);
    expect((await get('/api/attachments/42/download', alice.cookie)).status).toBe(404);
  });

  it('bounds the files per message and the paging', async () => {
    const ids = Array.from({ length: 11 }, () => crypto.randomUUID());
    expect((await send(alice.cookie, { body: 'Many', attachments: ids })).status).toBe(400);
    const twice = crypto.randomUUID();
    expect((await send(alice.cookie, { body: 'Twice', attachments: [twice, twice] })).status).toBe(400);
    expect((await send(alice.cookie, { body: '   ' })).status).toBe(400);
    expect((await send(alice.cookie, { body: 'x'.repeat(5001) })).status).toBe(400);
    for (const query of ['itemsPerPage=0', 'itemsPerPage=101', 'page=0', 'page=abc']) {
      expect((await get(`/api/conversations?${query}`, alice.cookie)).status, query).toBe(400);
    }
  });

  it('pages newest activity first; a reply moves a conversation to the top', async () => {
    const carol = await signedInUser(api, 'carol');
    const started: string[] = [];
    for (const subject of ['First', 'Second', 'Third']) {
      const thread = threadSchema.parse(await (await send(carol.cookie, { body: subject })).json());
      started.push(thread.conversationId);
    }
    const page = async (number: number) =>
      listSchema.parse(
        await (await get(`/api/conversations?page=${number}&itemsPerPage=2`, carol.cookie)).json(),
      );
    const first = await page(1);
    expect(first.totalItems).toBe(3);
    expect(first.member.map((conversation) => conversation.subject)).toEqual(['Third', 'Second']);
    expect((await page(2)).member.map((conversation) => conversation.subject)).toEqual(['First']);
    expect((await page(3)).member).toEqual([]);

    await send(carol.cookie, { body: 'Any news?', conversationId: started[0] });
    expect((await page(1)).member.map((conversation) => conversation.subject)).toEqual(['First', 'Third']);
  });

  it('an operator reply (npm run admin -- reply) marks it unread until the user opens it', async () => {
    const dave = await signedInUser(api, 'dave');
    const thread = threadSchema.parse(await (await send(dave.cookie, { body: 'Help please' })).json());
    const printed: string[] = [];
    await replyCommand.run(
      { config: api.config, db: api.db, storage: api.storage, print: (line) => printed.push(line) },
      {
        values: { conversation: thread.conversationId, message: 'Try restarting the helper.' },
        positionals: [],
      },
    );
    expect(printed[0]).toContain(thread.conversationId);

    const list = listSchema.parse(await (await get('/api/conversations', dave.cookie)).json());
    expect(list.member[0]).toMatchObject({
      unread: true,
      messageCount: 2,
      lastMessage: { author: 'support', excerpt: 'Try restarting the helper.' },
    });
    const detail = conversationDetailSchema.parse(
      await (await get(`/api/conversations/${thread.conversationId}`, dave.cookie)).json(),
    );
    expect(detail.threads.map((message) => message.author)).toEqual(['user', 'support']);
    const after = listSchema.parse(await (await get('/api/conversations', dave.cookie)).json());
    expect(after.member[0]?.unread).toBe(false);

    await expect(
      replyCommand.run(
        { config: api.config, db: api.db, storage: api.storage, print: () => {} },
        { values: { conversation: crypto.randomUUID(), message: 'Hello' }, positionals: [] },
      ),
    ).rejects.toThrow(/No conversation/);
  });

  it('keeps at most 20 unsent files per user (409), and removing one makes room', async () => {
    const erin = await signedInUser(api, 'erin');
    const drafts = [];
    for (let index = 0; index < MAX_UNSENT_ATTACHMENTS; index += 1) {
      drafts.push(await uploaded(erin.cookie, PNG_BYTES, `shot-${index}.png`));
    }
    const refused = await upload(erin.cookie, PNG_BYTES, 'one-more.png');
    expect(refused.status).toBe(409);
    expect(errorBodySchema.parse(await refused.json()).message).toBe(TOO_MANY_UNSENT_MESSAGE);
    await fetch(`${api.url}/api/attachments/${drafts[0]?.id}`, {
      method: 'DELETE',
      headers: { cookie: erin.cookie },
    });
    expect((await upload(erin.cookie, PNG_BYTES, 'one-more.png')).status).toBe(201);
  });

  it('refuses a state-changing call from a foreign origin', async () => {
    const response = await postJson(
      `${api.url}/api/threads`,
      { body: 'From elsewhere' },
      { cookie: alice.cookie, origin: 'https://evil.example' },
    );
    expect(response.status).toBe(403);
  });
});
