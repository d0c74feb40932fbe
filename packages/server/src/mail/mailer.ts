import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import { type Config, ConfigError, SMTP_URL_REQUIRED_OUTSIDE_DEMO } from '../config.ts';
import { MailDeliveryError } from '../errors.ts';
import { MailCatcher } from './catcher.ts';
import { type MailTemplateInput, renderMail } from './templates.ts';

export interface Mailer {
  /**
   * Renders one of the account e-mails and sends it; throws MailDeliveryError on failure. Routes
   * never call it: they queue mail (./outbox.ts), whose sender calls it and logs each failure.
   */
  sendTemplate(to: string, input: MailTemplateInput): Promise<void>;
  /** The built-in inbox of the demo (SMTP_URL unset); null when a real SMTP server is used. */
  catcher: MailCatcher | null;
  close(): Promise<void>;
}

/**
 * Nodemailer over SMTP_URL or, under the demo without one, over the built-in catcher. The pool keeps
 * connections open: a fresh SMTP connection costs ~100 ms per message.
 */
export async function createMailer(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'demo'>,
  logger?: FastifyBaseLogger,
): Promise<Mailer> {
  let catcher: MailCatcher | null = null;
  let transport: Transporter;
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    transport = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === 'smtps:' ? 465 : 587,
      secure: url.protocol === 'smtps:',
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      pool: true,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  } else if (config.demo) {
    catcher = new MailCatcher();
    const port = await catcher.listen();
    transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port,
      secure: false,
      ignoreTLS: true,
      pool: true,
    });
    logger?.info(`Mail catcher listening on 127.0.0.1:${port}`);
  } else {
    throw new ConfigError(SMTP_URL_REQUIRED_OUTSIDE_DEMO);
  }

  return {
    catcher,
    async sendTemplate(to, input) {
      const mail = renderMail(config.publicUrl, input);
      try {
        await transport.sendMail({ from: config.mailFrom, to, ...mail });
      } catch (error) {
        throw new MailDeliveryError(undefined, { cause: error });
      }
    },
    async close() {
      transport.close();
      await catcher?.close();
    },
  };
}
