import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;
/** The first byte of every sealed value: another key or algorithm later gets another version. */
const VERSION = 1;

/**
 * Seals a drive's credentials with AES-256-GCM under the configured key: version, a random 96-bit IV, the
 * ciphertext and the 128-bit tag in one buffer. `context` (the destination's id) is authenticated with it, so a
 * sealed value copied onto another destination's row does not open.
 */
export class CredentialCipher {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the credential key must be 32 bytes');
  }

  seal(plain: string, context: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from([VERSION]), iv, body, cipher.getAuthTag()]);
  }

  /** Throws when the value was sealed under another key or context, or altered. */
  open(sealed: Buffer, context: string): string {
    if (sealed[0] !== VERSION || sealed.length < 1 + IV_BYTES + TAG_BYTES) {
      throw new Error('sealed credentials of an unknown format');
    }
    const iv = sealed.subarray(1, 1 + IV_BYTES);
    const tag = sealed.subarray(sealed.length - TAG_BYTES);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(1 + IV_BYTES, sealed.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
