import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../config/environment.js';

export interface MailConfig {
  /** smtp://user:pass@host:port (smtps:// for TLS from the first byte). */
  smtpUrl: string;
  /** The sender every message carries, e.g. `Wedding Gallery <hello@example.com>`. */
  from: string;
}

export function mailConfigFromEnv(): MailConfig {
  return {
    smtpUrl: env('SMTP_URL'),
    from: env('MAIL_FROM', 'Wedding Gallery <hello@gallery.localhost>'),
  };
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent along; one with a `cid` is shown in the HTML body as <img src="cid:...">. */
  attachments?: { filename: string; content: Buffer; contentType: string; cid?: string }[];
  /** Header fields besides the usual ones (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

/**
 * The product's one mail path: nodemailer to SMTP_URL. Sending throws when the server refuses, so a caller in a
 * durable consumer gets the event redelivered and the mail retried rather than lost.
 */
export class Mailer {
  private readonly transport: Transporter;

  constructor(private readonly config: MailConfig) {
    this.transport = nodemailer.createTransport(config.smtpUrl);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.config.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}
