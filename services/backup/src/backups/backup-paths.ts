import {
  BACKUP_UNNAMED_GUESTS_FOLDER,
  cleanSegment,
  galleryFolderName,
  timestampPrefix,
  type ArchivePhoto,
} from '@gallery/contracts';

/**
 * Where a photo goes in the couple's drive: a folder per gallery (`Sarah & Mike ABCD-1234`, the code keeping two
 * galleries of one couple apart), a folder per guest inside it when the couple chose so, and a name that sorts
 * by when the photo was taken and says who sent it: `2026-06-13 18.04.05 Anna 1f2e3d4c.jpg`. The photo id's start
 * makes the name the photo's own, so a copy repeated after a crash replaces itself instead of adding a second.
 */
export function backupPath(
  gallery: { code: string; name: string },
  photo: Pick<ArchivePhoto, 'id' | 'fileName' | 'createdAt' | 'guestName' | 'kind'>,
  folderPerGuest: boolean,
): string[] {
  const folder = `${galleryFolderName(gallery.name)} ${gallery.code}`;
  const guest = photo.guestName ? cleanSegment(photo.guestName, '') : '';
  const dot = photo.fileName.lastIndexOf('.');
  const extension = dot > 0 ? `.${cleanSegment(photo.fileName.slice(dot + 1), 'bin').slice(0, 10)}` : '';
  const base = guest || cleanSegment(dot > 0 ? photo.fileName.slice(0, dot) : photo.fileName, photo.kind);
  const name = `${timestampPrefix(new Date(photo.createdAt))} ${base} ${photo.id.slice(0, 8)}${extension}`;
  if (!folderPerGuest) return [folder, name];
  return [folder, guest || BACKUP_UNNAMED_GUESTS_FOLDER, name];
}
