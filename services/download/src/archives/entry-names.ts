import {
  cleanSegment,
  NO_CHALLENGE_FOLDER,
  NO_TABLE_FOLDER,
  tableFolder,
  timestampPrefix,
  UNNAMED_GUESTS_FOLDER,
  type ArchiveLayoutId,
} from '@gallery/contracts';

export { cleanSegment, galleryFolderName, timestampPrefix } from '@gallery/contracts';

/**
 * Names inside the zip a person can browse: a top folder named after the gallery, photos as
 * `YYYY-MM-DD HH.MM.SS <guest or original name>.<ext>` (times in UTC, so they sort in the order they were taken in),
 * videos in a `Videos/` folder, and no two entries with one name (" (2)", " (3)"... before the extension).
 */

function splitExtension(fileName: string): [string, string] {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return [fileName, ''];
  return [fileName.slice(0, dot), fileName.slice(dot)];
}

/** The name of a JPEG copy of `fileName`: its extension replaced (`IMG_0001.HEIC` -> `IMG_0001.jpg`). */
export function jpegName(fileName: string): string {
  return `${splitExtension(fileName)[0]}.jpg`;
}

/** What naming an entry needs of a photo. */
export interface NamedPhoto {
  fileName: string;
  createdAt: string;
  kind: 'photo' | 'video';
  guestName?: string | null;
  challengePrompt?: string | null;
  tableNumber?: number | null;
}

/**
 * Hands out entry names for one zip, remembering those given so none repeats (case-insensitively). A photo whose
 * guest gave a name is named after the guest (`2026-06-13 18.04.05 Anna.jpg`), others after their original
 * file. In the BY_GUEST layout each guest has a folder (spelled as their first photo spelled it, so "anna" and
 * "Anna" share one), photos without a name go to UNNAMED_GUESTS_FOLDER, and videos to a `Videos/` folder inside.
 * In the BY_CHALLENGE layout each photo challenge has a folder named after its prompt (made safe as a path
 * segment), photos taken for none go to NO_CHALLENGE_FOLDER. In the BY_TABLE layout each table whose card's QR
 * code tagged photos has a folder ("Table 5"), photos from no table's card go to NO_TABLE_FOLDER.
 */
export class EntryNames {
  private readonly taken = new Set<string>();
  private readonly guestFolders = new Map<string, string>();

  constructor(
    private readonly topFolder: string,
    private readonly layout: ArchiveLayoutId = 'BY_DATE',
  ) {}

  next(photo: NamedPhoto): string {
    const [rawBase, rawExtension] = splitExtension(photo.fileName);
    const fallback = photo.kind === 'video' ? 'video' : 'photo';
    const guest = photo.guestName ? cleanSegment(photo.guestName, '') : '';
    const base = guest || cleanSegment(rawBase, fallback);
    const extension = rawExtension ? `.${cleanSegment(rawExtension.slice(1), 'bin').slice(0, 10)}` : '';
    const parent =
      this.layout === 'BY_GUEST'
        ? `${this.topFolder}/${this.guestFolder(guest)}`
        : this.layout === 'BY_CHALLENGE'
          ? `${this.topFolder}/${challengeFolder(photo.challengePrompt)}`
          : this.layout === 'BY_TABLE'
            ? `${this.topFolder}/${photo.tableNumber ? tableFolder(photo.tableNumber) : NO_TABLE_FOLDER}`
            : this.topFolder;
    const folder = photo.kind === 'video' ? `${parent}/Videos` : parent;
    const stem = `${folder}/${timestampPrefix(new Date(photo.createdAt))} ${base}`;
    for (let n = 1; ; n++) {
      const name = n === 1 ? `${stem}${extension}` : `${stem} (${n})${extension}`;
      const key = name.toLowerCase();
      if (!this.taken.has(key)) {
        this.taken.add(key);
        return name;
      }
    }
  }

  private guestFolder(guest: string): string {
    if (!guest) return UNNAMED_GUESTS_FOLDER;
    const key = guest.toLowerCase();
    let folder = this.guestFolders.get(key);
    if (!folder) {
      folder = guest;
      this.guestFolders.set(key, folder);
    }
    return folder;
  }
}

function challengeFolder(prompt: string | null | undefined): string {
  return prompt ? cleanSegment(prompt, NO_CHALLENGE_FOLDER) : NO_CHALLENGE_FOLDER;
}

/**
 * A Content-Disposition that makes browsers save the zip as `<gallery> - photos.zip`. The quoted name is an
 * ASCII stand-in (quotes, backslashes and control characters would break the header); `filename*` carries the
 * exact UTF-8 name for browsers that read it, which all current ones do.
 */
export function archiveDisposition(galleryName: string): string {
  const name = `${cleanSegment(galleryName, 'Gallery')} - photos.zip`;
  const fallback = name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
