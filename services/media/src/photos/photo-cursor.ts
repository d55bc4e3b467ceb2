import { isPhotoId } from './photo-id.js';

/**
 * A position in a gallery's newest-first photo list: the (created_at, id) of the last photo a page showed.
 * Opaque to clients (base64url JSON), so its shape can change without breaking them.
 */
export class PhotoCursor {
  constructor(
    readonly createdAt: Date,
    readonly id: string,
  ) {}

  encode(): string {
    return Buffer.from(JSON.stringify([this.createdAt.toISOString(), this.id])).toString('base64url');
  }

  /** The cursor a client sent back, or null when it is not one this service made. */
  static decode(text: string): PhotoCursor | null {
    try {
      const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
      if (!Array.isArray(value) || value.length !== 2) return null;
      const [createdAt, id] = value as unknown[];
      if (typeof createdAt !== 'string' || typeof id !== 'string' || !isPhotoId(id)) return null;
      const date = new Date(createdAt);
      return Number.isNaN(date.getTime()) ? null : new PhotoCursor(date, id);
    } catch {
      return null;
    }
  }
}
