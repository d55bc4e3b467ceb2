import { describe, expect, it } from '@jest/globals';
import { attachmentDisposition } from './attachment-disposition.js';

describe('attachmentDisposition', () => {
  it('downloads under the original name', () => {
    expect(attachmentDisposition('IMG_2041.JPG')).toBe(
      `attachment; filename="IMG_2041.JPG"; filename*=UTF-8''IMG_2041.JPG`,
    );
  });

  it('keeps the header well formed whatever the name holds', () => {
    const header = attachmentDisposition('Première "danse"\r\n.jpg');
    expect(header).toBe(
      `attachment; filename="Premi_re 'danse'__.jpg"; filename*=UTF-8''Premi%C3%A8re%20%22danse%22%0D%0A.jpg`,
    );
    expect(attachmentDisposition('../../etc/passwd')).toContain('filename=".._.._etc_passwd"');
    expect(attachmentDisposition('  ')).toContain('filename="photo"');
  });
});
