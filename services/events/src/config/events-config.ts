import { DEFAULT_CONTACT_EMAIL } from '@gallery/contracts';
import { env, intEnv, mailConfigFromEnv, type MailConfig } from '@gallery/platform';

/**
 * Everything the events service needs, read once from the environment or handed in whole by a test. The class
 * is also the Nest injection token for that configuration.
 */
export class EventsConfig {
  /** Interface the service listens on: loopback unless it must be reached from another host (a container). */
  readonly host!: string;
  readonly port!: number;
  readonly databaseUrl!: string;
  readonly natsUrl!: string;
  /** Origin the web app is served from; gallery links are built on it. */
  readonly publicUrl!: string;
  /**
   * Where the order confirmations go out (SMTP_URL, MAIL_FROM); null when SMTP_URL is not set: no mail is sent
   * and the service says so at start.
   */
  readonly mail!: MailConfig | null;
  /** Where messages from the contact page are mailed (CONTACT_EMAIL); the address the site shows by default. */
  readonly contactTo!: string;
  /** How often the end of galleries (mails, purges) is looked for; GALLERY_ENDINGS_INTERVAL_MS when absent. */
  readonly galleryEndingsIntervalMs?: number;

  constructor(values: Omit<EventsConfig, 'contactTo'> & { contactTo?: string }) {
    Object.assign(this, values, {
      publicUrl: values.publicUrl.replace(/\/+$/, ''),
      contactTo: values.contactTo ?? DEFAULT_CONTACT_EMAIL,
    });
    Object.freeze(this);
  }

  static fromEnv(): EventsConfig {
    return new EventsConfig({
      host: env('HOST', '127.0.0.1'),
      port: intEnv('PORT', 5101),
      databaseUrl: env('DATABASE_URL'),
      natsUrl: env('NATS_URL'),
      publicUrl: env('PUBLIC_URL', 'http://localhost:5000'),
      mail: process.env.SMTP_URL ? mailConfigFromEnv() : null,
      contactTo: env('CONTACT_EMAIL', DEFAULT_CONTACT_EMAIL),
    });
  }
}
