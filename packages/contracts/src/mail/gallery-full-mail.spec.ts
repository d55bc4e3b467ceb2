import { describe, expect, it } from '@jest/globals';
import { galleryFullMail } from './gallery-full-mail.js';

const facts = {
  code: 'ABC123',
  photoLimit: 50,
  galleryUrl: 'https://gallery.test/gallery/ABC123',
  upgradeUrl: 'https://gallery.test/upgrade/ABC123',
};

describe('the mail to a couple whose gallery is full', () => {
  it('says how many photos it holds, what guests see and where to lift the limit, in each language', () => {
    const en = galleryFullMail('en', facts);
    expect(en.subject).toBe('Your gallery ABC123 is full');
    expect(en.text).toContain('now holds 50 photos, all the Free plan takes');
    expect(en.text).toContain('Upgrade: https://gallery.test/upgrade/ABC123');
    expect(en.text).toContain('unlimited photos, kept 30 days');
    expect(galleryFullMail('fr', facts).subject).toBe('Votre galerie ABC123 est pleine');
    expect(galleryFullMail('es', facts).subject).toBe('Su galería ABC123 está llena');
    expect(galleryFullMail('es', facts).text).toContain(
      'Mejorar el plan: https://gallery.test/upgrade/ABC123',
    );
  });
});
