import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A guest is a browser. The server signs an anonymous identity, the browser keeps it (localStorage) and sends it
 * in this header with its GraphQL requests; the gateway passes it on to the subgraphs. Nothing else identifies
 * a guest: never an IP address.
 */
export const GUEST_IDENTITY_HEADER = 'x-guest-identity';

/** The environment variable holding the signing key, shared by every service that reads guest identities. */
export const GUEST_IDENTITY_KEY_ENV = 'GUEST_IDENTITY_KEY';

/** A key shorter than this (characters of the variable) is refused at start: HMAC-SHA256 wants 256 bits. */
export const GUEST_IDENTITY_KEY_MIN_LENGTH = 32;

/** Version, id (128 random bits), signature (HMAC-SHA256), base64url: `g1.<22 chars>.<43 chars>`. */
const TOKEN = /^g1\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** The length of every token (69 characters); a header longer than this is not read at all. */
export const GUEST_IDENTITY_TOKEN_MAX_LENGTH = 69;

/** What the signature covers besides the id, so a signature made with this key for anything else never fits. */
const PURPOSE = 'gallery guest identity v1:';
/** What a photo pass covers besides the photo's id: never mistaken for a guest identity, nor one for it. */
const PHOTO_PASS_PURPOSE = 'gallery photo pass v1:';
/** What a mail stop token covers besides its request's id: it stops one guest's mail and is good for nothing else. */
const MAIL_STOP_PURPOSE = 'gallery photos-ready mail stop v1:';
/** What a digest stop token covers besides its gallery's code: it stops that gallery's digest, nothing else. */
const DIGEST_STOP_PURPOSE = 'gallery owner digest stop v1:';
/** A digest stop token: "digest-", the gallery's code, a dot, HMAC-SHA256 in base64url. */
const DIGEST_STOP_TOKEN = /^digest-([A-Za-z0-9]{1,20})\.([A-Za-z0-9_-]{43})$/;
/** A mail stop token: the request's uuid, a dot, HMAC-SHA256 in base64url. */
const MAIL_STOP_TOKEN =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;
/** A photo pass: HMAC-SHA256, base64url. */
const PHOTO_PASS = /^[A-Za-z0-9_-]{43}$/;

/** A guest identity as the server issues it: `id` is what photos record, `token` what the browser keeps. */
export interface IssuedGuestIdentity {
  id: string;
  token: string;
}

/**
 * The one place guest identities are made and checked (uploads, a guest deleting their own photo, and what
 * later features build on them). The token is the id and its HMAC under the key from configuration: anyone
 * can read the id, nobody without the key can make a token for another id. The id alone is no credential.
 */
export class GuestIdentities {
  private readonly key: Buffer;

  constructor(secret: string) {
    if (secret.length < GUEST_IDENTITY_KEY_MIN_LENGTH) {
      throw new Error(
        `${GUEST_IDENTITY_KEY_ENV} must be at least ${GUEST_IDENTITY_KEY_MIN_LENGTH} characters (e.g. openssl rand -base64 32)`,
      );
    }
    this.key = Buffer.from(secret, 'utf8');
  }

  /** A new identity for a browser that has none. */
  issue(): IssuedGuestIdentity {
    const id = randomBytes(16).toString('base64url');
    return { id, token: this.tokenOf(id) };
  }

  /** The id a token carries when this key signed it; null for anything else (absent, malformed, forged). */
  verify(token: string | null | undefined): string | null {
    if (!token || token.length > GUEST_IDENTITY_TOKEN_MAX_LENGTH) return null;
    const parts = TOKEN.exec(token);
    if (!parts) return null;
    const [, id, signature] = parts;
    const expected = Buffer.from(this.sign(id), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  /** The token this key gives the identity `id` (what its browser holds): to find its sockets by digest. */
  tokenOf(id: string): string {
    return `g1.${id}.${this.sign(id)}`;
  }

  /**
   * A photo's pass: what its image URLs carry (`?pass=`) when it is shown to someone who may see it while other
   * guests may not (its uploader, the couple). Image requests carry no headers, so the URL is the credential.
   */
  photoPass(photoId: string): string {
    return createHmac('sha256', this.key)
      .update(PHOTO_PASS_PURPOSE + photoId)
      .digest('base64url');
  }

  /** Whether `pass` is this photo's pass. */
  checkPhotoPass(photoId: string, pass: string | null | undefined): boolean {
    if (!pass || !PHOTO_PASS.test(pass)) return false;
    return timingSafeEqual(Buffer.from(pass, 'utf8'), Buffer.from(this.photoPass(photoId), 'utf8'));
  }

  /**
   * The token of the link that deletes a guest's address left for the photos-ready mail (request `requestId`):
   * in the mail and in the browser that left it. Signed, so no one stops another guest's mail by guessing.
   */
  mailStopToken(requestId: string): string {
    const signature = createHmac('sha256', this.key)
      .update(MAIL_STOP_PURPOSE + requestId)
      .digest('base64url');
    return `${requestId}.${signature}`;
  }

  /** The request a mail stop token names when this key signed it; null for anything else. */
  checkMailStopToken(token: string | null | undefined): string | null {
    const parts = token ? MAIL_STOP_TOKEN.exec(token) : null;
    if (!parts) return null;
    const expected = Buffer.from(this.mailStopToken(parts[1]), 'utf8');
    const given = Buffer.from(token!, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected) ? parts[1] : null;
  }

  /**
   * The token of the link that stops a gallery's daily digest (`code`): its one-click unsubscribe, signed the way
   * a guest's mail stop token is, under another purpose, so neither is ever taken for the other.
   */
  digestStopToken(code: string): string {
    const signature = createHmac('sha256', this.key)
      .update(DIGEST_STOP_PURPOSE + code)
      .digest('base64url');
    return `digest-${code}.${signature}`;
  }

  /** The gallery code a digest stop token names when this key signed it; null for anything else. */
  checkDigestStopToken(token: string | null | undefined): string | null {
    const parts = token ? DIGEST_STOP_TOKEN.exec(token) : null;
    if (!parts) return null;
    const expected = Buffer.from(this.digestStopToken(parts[1]), 'utf8');
    const given = Buffer.from(token!, 'utf8');
    return given.length === expected.length && timingSafeEqual(given, expected) ? parts[1] : null;
  }

  private sign(id: string): string {
    return createHmac('sha256', this.key)
      .update(PURPOSE + id)
      .digest('base64url');
  }
}

/**
 * A service's guest identities under GUEST_IDENTITY_KEY (`key`, required in production: every replica and every
 * service that reads identities shares it); a test that gives no key gets a random one for its app.
 */
export function guestIdentitiesUnder(key: string | undefined): GuestIdentities {
  return new GuestIdentities(key ?? randomBytes(32).toString('base64url'));
}

/**
 * What an event may carry to name a guest's sockets (SHA-256 of the token, base64url): the gateway compares it
 * with the digest of the token a socket presented, without the signing key, and the token never travels.
 */
export function guestIdentityTokenDigest(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** The guest identity header of a request as received (the first value when repeated). */
export function guestIdentityHeader(
  headers: Record<string, string | string[] | undefined>,
): string | undefined {
  const value = headers[GUEST_IDENTITY_HEADER];
  return Array.isArray(value) ? value[0] : value;
}
