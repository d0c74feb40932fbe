import { collectionSchema, errorBodySchema } from '@benchside/contracts/common';
import { conversationDetailSchema, conversationSummarySchema } from '@benchside/contracts/conversations';
import {
  submitTicketResponseSchema,
  supportUploadResponseSchema,
} from '@benchside/contracts/support-tickets';
import type { App } from '@benchside/server/create-server';
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
import { preflightJsonPost, startSupport } from './start-support.ts';

describe('support tickets: uploads and submit-ticket', () => {
  let api: ConversationsTestApi;
  let support: App;
  let supportUrl: string;
  let portalOrigin: string;
  let tech: { id: string; cookie: string };

  const upload = (bytes: Uint8Array, name: string, origin = portalOrigin, cookie = tech.cookie) =>
    uploadFile(`${supportUrl}/eup/upload`, cookie, bytes, name, { origin });
  const submit = (body: unknown, origin = portalOrigin, cookie = tech.cookie) =>
    postJson(`${supportUrl}/eup/submit-ticket`, body, { cookie, origin });

  beforeAll(async () => {
    api = await startConversationsApi();
    portalOrigin = api.config.publicOrigin;
    ({ app: support, url: supportUrl } = await startSupport(api));
    tech = await signedInUser(api, 'tech');
  });
  afterAll(async () => {
    await support.close();
    await api.close();
  });

  it('uploads a file with the portal’s cookie, and the ticket becomes a conversation in the portal', async () => {
    const uploaded = await upload(PNG_BYTES, 'reader.png');
    expect(uploaded.status).toBe(201);
    expect(uploaded.headers.get('access-control-allow-origin')).toBe(portalOrigin);
    const file = supportUploadResponseSchema.parse(await uploaded.json());
    expect(file).toMatchObject({ name: 'reader.png', size: PNG_BYTES.length, contentType: 'image/png' });

    const submitted = await submit({
      subject: 'Flashing stops at 40 %',
      category: 'Firmware',
      description: 'The flash of a Galaxy S21 stops at 40 % every time.',
      fileIds: [file.id],
      deviceModel: 'SM-G991B',
    });
    expect(submitted.status).toBe(201);
    const { conversationId } = submitTicketResponseSchema.parse(await submitted.json());

    const list = collectionSchema(conversationSummarySchema).parse(
      await (await fetch(`${api.url}/api/conversations`, { headers: { cookie: tech.cookie } })).json(),
    );
    expect(list.member[0]).toMatchObject({
      id: conversationId,
      subject: 'Flashing stops at 40 %',
      source: 'ticket',
      category: 'Firmware',
      deviceModel: 'SM-G991B',
    });
    const detail = conversationDetailSchema.parse(
      await (
        await fetch(`${api.url}/api/conversations/${conversationId}`, { headers: { cookie: tech.cookie } })
      ).json(),
    );
    expect(detail.threads[0]).toMatchObject({
      author: 'user',
      body: 'The flash of a Galaxy S21 stops at 40 % every time.',
      attachments: [{ id: file.id, name: 'reader.png' }],
    });
    const download = await fetch(`${api.url}/api/attachments/${file.id}/download`, {
      headers: { cookie: tech.cookie },
    });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('submits a ticket without files or device model', async () => {
    const response = await submit({ subject: 'Question', category: 'Account', description: 'How do I…?' });
    expect(response.status).toBe(201);
  });

  it('applies the attachment limits: type by content and 10 MB', async () => {
    expect((await upload(EXE_BYTES, 'photo.png')).status).toBe(415);
    expect((await upload(new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61), 'big.log')).status).toBe(413);
  });

  it('validates the ticket and refuses files that are not the user’s own unsent uploads', async () => {
    const empty = await submit({ subject: ' ', category: '', description: '', fileIds: [] });
    expect(empty.status).toBe(400);
    const paths = errorBodySchema
      .parse(await empty.json())
      .violations?.map((violation) => violation.propertyPath);
    expect(paths).toEqual(expect.arrayContaining(['subject', 'category', 'description']));

    const other = await signedInUser(api, 'other');
    const theirs = supportUploadResponseSchema.parse(
      await (await upload(PNG_BYTES, 'theirs.png', portalOrigin, other.cookie)).json(),
    );
    const stolen = await submit({ subject: 'S', category: 'C', description: 'D', fileIds: [theirs.id] });
    expect(stolen.status).toBe(400);
    expect(errorBodySchema.parse(await stolen.json()).violations?.[0]?.propertyPath).toBe('fileIds[0]');
  });

  it('answers 401 without the portal’s session cookie', async () => {
    expect((await upload(PNG_BYTES, 'a.png', portalOrigin, '')).status).toBe(401);
    expect((await submit({ subject: 'S', category: 'C', description: 'D' }, portalOrigin, '')).status).toBe(
      401,
    );
  });

  it('refuses both calls from a foreign origin, even with the cookie', async () => {
    const foreign = 'https://evil.example';
    const uploaded = await upload(PNG_BYTES, 'a.png', foreign);
    expect(uploaded.status).toBe(403);
    expect(uploaded.headers.get('access-control-allow-origin')).toBeNull();
    expect((await submit({ subject: 'S', category: 'C', description: 'D' }, foreign)).status).toBe(403);
  });

  it('lets the portal origin preflight submit-ticket with credentials', async () => {
    const response = await preflightJsonPost(`${supportUrl}/eup/submit-ticket`, portalOrigin);
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-credentials')).toBe('true');
  });
});
