import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import PostalMime, { type Address } from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** One received message as `/dev/mail.json` lists it (brief: mail catcher contract). */
export interface CaughtMail {
  id: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: string;
}

const KEPT_MESSAGES = 500;
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

function formatAddress(address: Address | undefined): string {
  if (!address) return '';
  const mailbox = address.address ?? address.group.map((member) => member.address).join(', ');
  return address.name ? `${address.name} <${mailbox}>` : mailbox;
}

/**
 * A real SMTP server on a loopback port that keeps what it receives in memory, so development and
 * tests see the exact messages the mailer sent. Never used when SMTP_URL is set.
 */
export class MailCatcher {
  private readonly messages: CaughtMail[] = [];
  private readonly server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      logger: false,
      size: MAX_MESSAGE_BYTES,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks))
            .then((email) => {
              this.messages.unshift({
                id: randomUUID(),
                from: formatAddress(email.from),
                to: session.envelope.rcptTo.map((recipient) => recipient.address),
                subject: email.subject ?? '',
                text: email.text ?? '',
                html: email.html ?? '',
                date: new Date().toISOString(),
              });
              this.messages.length = Math.min(this.messages.length, KEPT_MESSAGES);
              callback();
            })
            .catch(callback);
        });
      },
    });
  }

  /** Starts on an ephemeral loopback port and returns it. */
  listen(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve((this.server.server.address() as AddressInfo).port));
    });
  }

  /** Newest first. */
  list(): CaughtMail[] {
    return [...this.messages];
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
