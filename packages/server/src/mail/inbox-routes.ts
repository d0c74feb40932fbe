import { z } from 'zod';
import type { App } from '../create-server.ts';
import { NotFoundError } from '../errors.ts';
import { escapeHtml } from '../search-text.ts';
import type { MailCatcher } from './catcher.ts';

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

function linkify(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(URL_IN_TEXT)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

function inboxPage(catcher: MailCatcher): string {
  const messages = catcher.list();
  const items = messages
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
<p class="meta">From ${escapeHtml(mail.from)} to ${escapeHtml(mail.to.join(', '))} · <time datetime="${mail.date}">${escapeHtml(mail.date)}</time>${mail.html ? ` · <a href="/dev/mail/${mail.id}.html">HTML version</a>` : ''}</p>
<pre>${linkify(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Mail catcher · Benchside</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#181c32}article{border:1px solid #e4e6ef;border-radius:8px;padding:1rem;margin:1rem 0}h2{margin:0 0 .25rem;font-size:1.1rem}.meta{color:#5e6278;margin:0 0 .5rem;font-size:.9rem}pre{white-space:pre-wrap;word-break:break-word;margin:0}a{color:#0077c2}</style>
</head>
<body>
<h1>Mail catcher</h1>
<p>${messages.length} message${messages.length === 1 ? '' : 's'} sent by this server (newest first, last 500 kept in memory). JSON: <a href="/dev/mail.json">/dev/mail.json</a></p>
${items || '<p>No messages yet.</p>'}
</body>
</html>
`;
}

/** `/dev/mail` (readable inbox) and `/dev/mail.json` (for tests); only while the catcher is in use. */
export function registerMailInbox(app: App, catcher: MailCatcher): void {
  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(inboxPage(catcher)),
  );
  app.get('/dev/mail.json', { schema: { hide: true } }, async (_request, reply) => {
    const member = catcher.list();
    return reply.header('cache-control', 'no-store').send({ member, totalItems: member.length });
  });
  app.get(
    '/dev/mail/:file',
    { schema: { hide: true, params: z.object({ file: z.string().regex(/^[\w-]+\.html$/) }) } },
    async (request, reply) => {
      const id = request.params.file.slice(0, -'.html'.length);
      const mail = catcher.list().find((candidate) => candidate.id === id);
      if (!mail?.html) throw new NotFoundError();
      // The message's own HTML, shown as a mail client would: no scripts, nothing loaded from elsewhere.
      return reply
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
        )
        .type('text/html; charset=utf-8')
        .send(mail.html);
    },
  );
}
