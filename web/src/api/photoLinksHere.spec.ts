import { describe, expect, it } from '@jest/globals';
import { withPhotoLinksHere } from './photoLinksHere';

const here = (url: string) => url.replace('https://app.gallery.test', 'https://anna-and-ben.test');

describe("photo links on a couple's own domain", () => {
  it("puts every Photo's links on the page's origin, however deep, and nothing else", () => {
    const photo = (id: string) => ({
      __typename: 'Photo',
      id,
      thumbnailUrl: `https://app.gallery.test/media/photos/${id}/thumbnail`,
      previewUrl: `https://app.gallery.test/media/photos/${id}/preview`,
      originalUrl: `https://app.gallery.test/media/photos/${id}/original`,
      guestName: 'https://app.gallery.test/not-a-link',
    });
    const answer = {
      event: {
        __typename: 'Event',
        code: 'ABC123',
        shareUrl: 'https://app.gallery.test/g/ABC123',
        photos: { __typename: 'PhotoPage', nodes: [photo('p1'), photo('p2')], hasMore: true },
      },
      photoAdded: photo('p3'),
      count: 2,
      none: null,
    };
    const moved = withPhotoLinksHere(answer, here);
    expect(moved.event.photos.nodes[1]).toEqual({
      __typename: 'Photo',
      id: 'p2',
      thumbnailUrl: 'https://anna-and-ben.test/media/photos/p2/thumbnail',
      previewUrl: 'https://anna-and-ben.test/media/photos/p2/preview',
      originalUrl: 'https://anna-and-ben.test/media/photos/p2/original',
      guestName: 'https://app.gallery.test/not-a-link',
    });
    expect(moved.photoAdded.thumbnailUrl).toBe('https://anna-and-ben.test/media/photos/p3/thumbnail');
    expect(moved.event.shareUrl).toBe('https://app.gallery.test/g/ABC123');
    expect([moved.count, moved.none, moved.event.photos.hasMore]).toEqual([2, null, true]);
    // The answer as it came is left as it was (Apollo may hold it).
    expect(answer.photoAdded.thumbnailUrl).toBe('https://app.gallery.test/media/photos/p3/thumbnail');
  });
});
