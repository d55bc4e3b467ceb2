import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { BACKUP_LIMITS, BACKUP_OAUTH_KINDS, type BackupOAuthKind } from '@gallery/contracts';

/** What a sign-in's `state` says: which drive, for which gallery and owner, until when, and its one-time id. */
export interface OAuthStateFacts {
  kind: BackupOAuthKind;
  code: string;
  owner: string;
  /** One use only: the callback records it (backup_oauth_states) and refuses it a second time. */
  nonce: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

/**
 * The `state` of a drive's sign-in: its facts in base64url JSON and an HMAC-SHA256 over them with a key of its own
 * derived from BACKUP_SECRET_KEY. Only the service makes one, and only for the gallery's owner, so a callback
 * whose state does not verify, has expired, names another drive or was used already connects nothing (OAuth's
 * CSRF defence: nobody can slip their own drive into someone else's gallery).
 */
export class OAuthStates {
  private readonly key: Buffer;

  constructor(secretKey: Buffer) {
    this.key = createHmac('sha256', secretKey).update('backup oauth state').digest();
  }

  issue(
    kind: BackupOAuthKind,
    code: string,
    owner: string,
    now = Date.now(),
  ): OAuthStateFacts & { state: string } {
    const facts: OAuthStateFacts = {
      kind,
      code,
      owner,
      nonce: randomUUID(),
      expiresAt: now + BACKUP_LIMITS.oauthStateMinutes * 60_000,
    };
    const body = Buffer.from(JSON.stringify(facts)).toString('base64url');
    return { ...facts, state: `${body}.${this.sign(body)}` };
  }

  /** The facts of a state this service made for `kind`, still valid; null for anything else. */
  verify(state: string, kind: BackupOAuthKind, now = Date.now()): OAuthStateFacts | null {
    if (state.length > BACKUP_LIMITS.oauthParamChars) return null;
    const [body, signature, ...rest] = state.split('.');
    if (!body || !signature || rest.length > 0) return null;
    const expected = Buffer.from(this.sign(body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let facts: OAuthStateFacts;
    try {
      facts = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as OAuthStateFacts;
    } catch {
      return null;
    }
    if (facts.kind !== kind || !BACKUP_OAUTH_KINDS.includes(facts.kind)) return null;
    if (typeof facts.expiresAt !== 'number' || facts.expiresAt <= now) return null;
    return facts;
  }

  private sign(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
