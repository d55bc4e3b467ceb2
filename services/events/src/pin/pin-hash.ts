import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * A PIN is a few digits a person chose: its hash is scrypt with a random salt, so the table alone does not give
 * it back in a moment (10^4 to 10^8 candidates, each costing one scrypt). `s1$<salt>$<hash>`, base64url.
 */
const OPTIONS: ScryptOptions = { N: 16384, r: 8, p: 1 };
const KEY_BYTES = 32;

function derive(pin: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(pin, salt, KEY_BYTES, OPTIONS, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  return `s1$${salt.toString('base64url')}$${(await derive(pin, salt)).toString('base64url')}`;
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [version, salt, hash] = stored.split('$');
  if (version !== 's1' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const given = await derive(pin, Buffer.from(salt, 'base64url'));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
