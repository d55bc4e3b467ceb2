import type { Subscription } from '@nats-io/transport-node';
import {
  customHostProblem,
  parseDomainEvent,
  RequestContracts,
  Subjects,
  type DomainEvent,
} from '@gallery/contracts';
import { askService } from '@gallery/platform/edge';
import type { GatewayNats } from '../nats/gateway-nats.js';

/** How long a verified domain's gallery is trusted without asking events again. */
const FOUND_TTL_MS = 60_000;
/** How long a host that is no verified domain is remembered (a domain verified meanwhile announces itself). */
const NOT_FOUND_TTL_MS = 15_000;
/** Hosts remembered at most: random Host headers cannot grow the gateway's memory. */
const MAX_ENTRIES = 5000;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

interface Entry {
  code: string | null;
  until: number;
}

/**
 * Which gallery a request's host shows, when the host is a couple's verified domain. Events owns the answer;
 * the gateway asks it over NATS on a miss and keeps the answer a short while, so a page, its assets, its photos
 * and its socket cost one lookup a minute, not one each. `domain.verified` and `domain.released` (published by
 * events through its outbox) drop the host's entry at once, so a removed or refunded domain stops being served
 * within a request, not a TTL; after a NATS outage every entry is dropped, as events may have been missed.
 * Asking instead of keeping every verified domain in memory from the event stream: the stream keeps messages
 * 30 days while a domain lasts a year, so the gateway could not rebuild the set at start without asking anyway.
 */
export class CustomDomainHosts {
  private readonly subscriptions: Subscription[] = [];
  private readonly entries = new Map<string, Entry>();
  private readonly asking = new Map<string, Promise<string | null>>();
  private readonly productHosts: Set<string>;

  constructor(
    private readonly nats: GatewayNats,
    /** The product's own hosts (PUBLIC_URL's): never looked up. */
    productHosts: string[],
    private readonly now: () => number = Date.now,
  ) {
    this.productHosts = new Set(productHosts.map((host) => host.toLowerCase()));
  }

  async start(): Promise<void> {
    const connection = await this.nats.connection();
    for (const subject of [Subjects.DomainVerified, Subjects.DomainReleased]) {
      this.subscriptions.push(
        connection.subscribe(subject, { callback: (_error, message) => this.forget(message.data) }),
      );
    }
    void (async () => {
      for await (const status of connection.status()) {
        if (status.type === 'reconnect') this.entries.clear();
      }
    })();
    await connection.flush();
  }

  async stop(): Promise<void> {
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
  }

  /**
   * The gallery code `hostHeader` (a Host header, maybe with a port) serves, or null when it is the product's own
   * host or no verified domain. Throws when events cannot be asked and nothing is remembered.
   */
  async galleryOf(hostHeader: string | undefined): Promise<string | null> {
    const host = candidateHost(hostHeader);
    if (!host || this.productHosts.has(host) || LOCAL_HOSTS.has(host)) return null;
    // Only a name that could be a custom domain is worth a question (no IP address, no single label).
    if (customHostProblem(host, '') !== null) return null;
    const entry = this.entries.get(host);
    if (entry && entry.until > this.now()) return entry.code;
    let pending = this.asking.get(host);
    if (!pending) {
      pending = this.ask(host).finally(() => this.asking.delete(host));
      this.asking.set(host, pending);
    }
    return pending;
  }

  private async ask(host: string): Promise<string | null> {
    // Within CUSTOM_DOMAIN_LOOKUP_TIMEOUT_MS; no connection, no answer, or one breaking its contract, throws.
    const { code } = await askService(this.nats, RequestContracts.CustomDomainLookup, { host });
    this.remember(host, code);
    return code;
  }

  private remember(host: string, code: string | null): void {
    this.entries.delete(host);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(host, { code, until: this.now() + (code ? FOUND_TTL_MS : NOT_FOUND_TTL_MS) });
  }

  /** A domain event: the host's answer has changed, so it is asked again next time. */
  forget(data: Uint8Array | string): void {
    let event: DomainEvent;
    try {
      event = parseDomainEvent(data);
    } catch {
      return;
    }
    if (event.type === Subjects.DomainVerified || event.type === Subjects.DomainReleased) {
      this.entries.delete((event as DomainEvent<typeof Subjects.DomainReleased>).data.host);
    }
  }
}

/** The host name of a Host header, lower case, without port or trailing dot; null when it has none. */
export function candidateHost(hostHeader: string | undefined): string | null {
  if (!hostHeader || hostHeader.length > 300) return null;
  const host = hostHeader.toLowerCase().replace(/:\d+$/, '').replace(/\.$/, '');
  return host || null;
}
