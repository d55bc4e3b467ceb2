import { describe, expect, it } from '@jest/globals';
import {
  DEMO_GALLERY,
  DEMO_GALLERY_CODE,
  demoGalleryDates,
  demoText,
  isDemoGallery,
  isReservedGalleryCode,
} from './demo-gallery.js';
import { isGalleryCode } from './gallery-code.js';
import { guestbookMessageProblem } from './guestbook.js';
import { welcomeLineProblem } from './gallery-landing.js';
import { guestNameProblem } from './uploads.js';

describe('the demo gallery', () => {
  it('has a code every path takes for a gallery, reserved, named however it is typed', () => {
    expect(isGalleryCode(DEMO_GALLERY_CODE)).toBe(true);
    expect(isReservedGalleryCode(DEMO_GALLERY_CODE)).toBe(true);
    expect(isDemoGallery('happy-day')).toBe(true);
    expect(isDemoGallery('HAPPYDAX')).toBe(false);
  });

  it('has the same dates all day long: the wedding yesterday, kept 30 days from today', () => {
    const morning = demoGalleryDates(new Date('2026-12-05T00:00:01Z'));
    expect(demoGalleryDates(new Date('2026-12-05T23:59:59Z'))).toEqual(morning);
    expect(morning.weddingDate).toBe('2026-12-04');
    expect(morning.firstPhotoAt.toISOString()).toBe('2026-12-04T14:00:00.000Z');
    expect(morning.expiresAt.toISOString()).toBe('2027-01-04T00:00:00.000Z');
  });

  it("keeps its texts within the product's own rules, in every language", () => {
    for (const line of Object.values(DEMO_GALLERY.welcomeLine)) expect(welcomeLineProblem(line)).toBeNull();
    for (const message of DEMO_GALLERY.guestbook) {
      expect(guestNameProblem(message.guestName)).toBeNull();
      for (const text of Object.values(message.text)) expect(guestbookMessageProblem(text)).toBeNull();
    }
    expect(new Set(DEMO_GALLERY.guestbook.map((message) => message.id)).size).toBe(
      DEMO_GALLERY.guestbook.length,
    );
  });

  it("shows its texts in the visitor's language, English for any other, nothing for a stranger's message", () => {
    expect(demoText('fr', { welcomeLine: true })).toBe(DEMO_GALLERY.welcomeLine.fr);
    expect(demoText('de', { welcomeLine: true })).toBe(DEMO_GALLERY.welcomeLine.en);
    const [first] = DEMO_GALLERY.guestbook;
    expect(demoText('es', { guestbookMessage: first.id })).toBe(first.text.es);
    expect(demoText('es', { guestbookMessage: '00000000-0000-4000-8000-000000000000' })).toBeNull();
  });
});
