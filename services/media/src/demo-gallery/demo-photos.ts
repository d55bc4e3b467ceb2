import { demoPhotoId as id } from '@gallery/contracts';

/** One photo of the demo gallery: a drawing shipped in services/media/demo-photos (draw.mjs makes them). */
export interface DemoPhoto {
  id: string;
  file: string;
  guestName: string;
  /** Minutes after the demo's first photo (demoGalleryDates). */
  minute: number;
  /** How many guests' hearts it has. */
  hearts: number;
}

/** The demo's photos, the first its cover (ids from the contracts: the home page shows some); a few loved more than others, so "Most loved" has an order. */
export const DEMO_PHOTOS: readonly DemoPhoto[] = [
  { id: id(1), file: '01-arch.jpg', guestName: 'Chloé', minute: 0, hearts: 9 },
  { id: id(2), file: '02-rings.jpg', guestName: 'Marco', minute: 6, hearts: 4 },
  { id: id(3), file: '03-cake.jpg', guestName: 'Inès', minute: 48, hearts: 6 },
  { id: id(4), file: '04-toast.jpg', guestName: 'Tom', minute: 55, hearts: 3 },
  { id: id(5), file: '05-bouquet.jpg', guestName: 'Rose', minute: 12, hearts: 5 },
  { id: id(6), file: '06-dance.jpg', guestName: 'Marco', minute: 102, hearts: 8 },
  { id: id(7), file: '07-lanterns.jpg', guestName: 'Aiko', minute: 150, hearts: 7 },
  { id: id(8), file: '08-table.jpg', guestName: 'Inès', minute: 70, hearts: 1 },
  { id: id(9), file: '09-confetti.jpg', guestName: 'Tom', minute: 20, hearts: 6 },
  { id: id(10), file: '10-lake.jpg', guestName: 'Aiko', minute: 35, hearts: 2 },
  { id: id(11), file: '11-balloons.jpg', guestName: 'Chloé', minute: 85, hearts: 0 },
  { id: id(12), file: '12-barn.jpg', guestName: 'Lucas', minute: 40, hearts: 2 },
  { id: id(13), file: '13-petals.jpg', guestName: 'Lucas', minute: 25, hearts: 3 },
  { id: id(14), file: '14-sparklers.jpg', guestName: 'Rose', minute: 170, hearts: 5 },
];

/** Where the drawings are: services/media/demo-photos, from src/demo-gallery or dist/demo-gallery alike. */
export const DEMO_PHOTOS_FOLDER = new URL('../../demo-photos/', import.meta.url);
