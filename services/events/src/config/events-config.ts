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
  /**
   * The host every custom domain's CNAME must point to (CUSTOM_DOMAIN_TARGET): the product's public host, the
   * one Caddy answers on; PUBLIC_URL's host when absent (see customDomainTarget).
   */
  readonly customDomainTarget?: string;
  /**
   * The DNS servers custom domains are checked against (DNS_SERVERS, `ip` or `ip:port`, comma-separated): the
   * machine's resolvers when absent; a local DNS server in tests.
   */
  readonly dnsServers?: string[];
  /**
   * The key guest identities are signed with (GUEST_IDENTITY_KEY, media's): a guest's PIN tries and code lookups
   * are counted by identity. A test that gives none gets a random one for its app.
   */
  readonly guestIdentityKey?: string;
  /** How often due photos-ready mails and owner digests are looked for; RETURN_MAILS_INTERVAL_MS when absent. */
  readonly returnMailsIntervalMs?: number;
  /** How often domains of galleries whose storage ended are released; GALLERY_ENDINGS_INTERVAL_MS when absent. */
  readonly domainEndingsIntervalMs?: number;
  /**
   * GALLERY_CODES_SEED: gallery codes drawn from this seed, the same sequence on every start (GalleryCodes), for
   * the docs' screenshots alone. Guessable codes: never set where guests come.
   */
  readonly galleryCodesSeed?: string;

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
      customDomainTarget: process.env.CUSTOM_DOMAIN_TARGET || undefined,
      dnsServers: dnsServersFromEnv(process.env.DNS_SERVERS),
      guestIdentityKey: env('GUEST_IDENTITY_KEY'),
      galleryCodesSeed: process.env.GALLERY_CODES_SEED || undefined,
    });
  }
}

/** The host every custom domain's CNAME must point to: CUSTOM_DOMAIN_TARGET, else PUBLIC_URL's host. */
export function customDomainTarget(config: EventsConfig): string {
  return (config.customDomainTarget ?? new URL(config.publicUrl).hostname).toLowerCase();
}

/** DNS_SERVERS as node's Resolver takes it; undefined (the machine's resolvers) when empty or absent. */
export function dnsServersFromEnv(raw: string | undefined): string[] | undefined {
  const servers = (raw ?? '').split(/[\s,]+/).filter(Boolean);
  return servers.length > 0 ? servers : undefined;
}
