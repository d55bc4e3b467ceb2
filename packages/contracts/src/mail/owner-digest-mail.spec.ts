import { describe, expect, it } from '@jest/globals';
import { ownerDigestHasNews, ownerDigestMail } from './owner-digest-mail.js';

const links = {
  code: 'ABC123',
  reviewUrl: 'https://gallery.test/event/ABC123/review',
  upgradeUrl: 'https://gallery.test/upgrade/ABC123',
  eventPageUrl: 'https://gallery.test/event/ABC123',
};
const nothing = { waitingPhotos: 0, waitingMessages: 0, storageEndsAt: null, backupStopped: false };

describe("the couple's daily digest", () => {
  it('has news only when something waits', () => {
    expect(ownerDigestHasNews(nothing)).toBe(false);
    expect(ownerDigestHasNews({ ...nothing, waitingMessages: 1 })).toBe(true);
    expect(ownerDigestHasNews({ ...nothing, storageEndsAt: '2027-06-19T00:00:00.000Z' })).toBe(true);
    expect(ownerDigestHasNews({ ...nothing, backupStopped: true })).toBe(true);
  });

  it('says only what waits, each line with the place to act, in each language', () => {
    const en = ownerDigestMail('en', { ...links, ...nothing, waitingPhotos: 4 });
    expect(en.text).toContain(
      '- Photos waiting for your approval: 4. Approve or hide them: https://gallery.test/event/ABC123/review',
    );
    expect(en.text).not.toContain('Guestbook');
    expect(en.text).not.toContain('storage');
    expect(en.text).toContain('Turn it off on your event page: https://gallery.test/event/ABC123');

    const fr = ownerDigestMail('fr', {
      ...links,
      ...nothing,
      storageEndsAt: '2027-06-19T00:00:00.000Z',
      backupStopped: true,
    });
    expect(fr.subject).toBe('Ce qui vous attend dans la galerie ABC123');
    expect(fr.text).toContain('court jusqu’au 18 juin 2027');
    expect(fr.text).toContain('Reprenez-la : https://gallery.test/upgrade/ABC123');
    expect(ownerDigestMail('es', { ...links, ...nothing, waitingMessages: 2 }).text).toContain(
      'Mensajes del libro de visitas pendientes de tu aprobación: 2.',
    );
  });
});
