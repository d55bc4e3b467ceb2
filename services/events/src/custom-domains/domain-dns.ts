import { Resolver } from 'node:dns/promises';
import type { CustomDomainFailure } from '@gallery/contracts';
import { verificationRecordName, verificationRecordValue } from '@gallery/contracts';

/** What one DNS check of a domain found. */
export type DnsCheck =
  | { state: 'verified' }
  /** Neither record exists yet: DNS changes take minutes to hours to appear. */
  | { state: 'pending' }
  | { state: 'failed'; failure: CustomDomainFailure; found: string | null };

/** Answers that mean "no such record" rather than "DNS did not answer". */
const ABSENT = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/**
 * The two lookups that prove a domain is the couple's and points at the product: a CNAME from the host to the
 * product's public host, and a TXT record `_gallery-verification.{host}` carrying the gallery's token. The
 * resolver asks the servers in the configuration (DNS_SERVERS; a local DNS server in tests), else the
 * machine's.
 */
export class DomainDns {
  constructor(
    private readonly options: {
      servers: readonly string[] | null;
      /** The CNAME's required target: the product's public host. */
      target: string;
      timeoutMs?: number;
    },
  ) {}

  async check(host: string, token: string): Promise<DnsCheck> {
    const resolver = new Resolver({ timeout: this.options.timeoutMs ?? 3000, tries: 2 });
    if (this.options.servers) resolver.setServers([...this.options.servers]);
    const [cname, txt] = await Promise.all([
      lookup(() => resolver.resolveCname(host)),
      lookup(() => resolver.resolveTxt(verificationRecordName(host))),
    ]);
    if (cname === 'unreachable' || txt === 'unreachable') {
      return { state: 'failed', failure: 'DNS_UNREACHABLE', found: null };
    }
    if (cname === 'absent' && txt === 'absent') return { state: 'pending' };
    const target = this.options.target.toLowerCase();
    if (cname === 'absent') return { state: 'failed', failure: 'CNAME_MISSING', found: null };
    const targets = cname.map((name) => name.toLowerCase().replace(/\.$/, ''));
    if (!targets.includes(target))
      return { state: 'failed', failure: 'CNAME_WRONG', found: targets[0] ?? null };
    if (txt === 'absent') return { state: 'failed', failure: 'TXT_MISSING', found: null };
    const values = txt.map((chunks) => chunks.join(''));
    if (!values.includes(verificationRecordValue(token))) {
      return { state: 'failed', failure: 'TXT_WRONG', found: values[0]?.slice(0, 200) ?? null };
    }
    return { state: 'verified' };
  }
}

async function lookup<T>(query: () => Promise<T>): Promise<T | 'absent' | 'unreachable'> {
  try {
    return await query();
  } catch (error) {
    return ABSENT.has((error as NodeJS.ErrnoException).code ?? '') ? 'absent' : 'unreachable';
  }
}
