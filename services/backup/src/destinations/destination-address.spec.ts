import { describe, expect, it } from '@jest/globals';
import { checkedFolderAddress } from './destination-address.js';

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { code?: string }) => error.code,
  );

describe('checkedFolderAddress', () => {
  it('keeps an https folder address, ending it in a slash', async () => {
    expect(await checkedFolderAddress(' https://93.184.215.14/remote.php/dav/files/anna ', false)).toBe(
      'https://93.184.215.14/remote.php/dav/files/anna/',
    );
  });

  it('refuses other schemes, credentials in the address and overlong addresses', async () => {
    expect(await refusal(checkedFolderAddress('ftp://example.com/', true))).toBe('BACKUP_URL_INVALID');
    expect(await refusal(checkedFolderAddress('https://anna:secret@example.com/', true))).toBe(
      'BACKUP_URL_INVALID',
    );
    expect(await refusal(checkedFolderAddress('not a url', true))).toBe('BACKUP_URL_INVALID');
    expect(await refusal(checkedFolderAddress(`https://example.com/${'a'.repeat(500)}`, true))).toBe(
      'BACKUP_URL_INVALID',
    );
  });

  it('refuses loopback and private networks unless allowed', async () => {
    for (const address of [
      'http://127.0.0.1:5101/',
      'http://10.1.2.3/',
      'http://192.168.1.10/',
      'http://[::1]/',
      'http://169.254.169.254/',
      'http://localhost/',
    ]) {
      expect(await refusal(checkedFolderAddress(address, false))).toBe('BACKUP_DESTINATION_PRIVATE');
    }
    expect(await checkedFolderAddress('http://127.0.0.1:8080/dav', true)).toBe('http://127.0.0.1:8080/dav/');
  });
});
