import { isPhotoId } from './photo-id.js';

/**
 * A position in a gallery's photo list: the (created_at, id) of the last photo a page showed, and in the
 * most-loved order its heart count too.
 * Opaque to clients (base64url JSON), so its shape can change without breaking them.
 */
export class PhotoCursor {
  constructor(
    readonly createdAt: Date,
    readonly id: string,
    /** Set in the most-loved order only. */
    readonly heartCount?: number,
  ) {}

  encode(): string {
    const position: unknown[] = [this.createdAt.toISOString(), this.id];
    if (this.heartCount !== undefined) position.push(this.heartCount);
    return Buffer.from(JSON.stringify(position)).toString('base64url');
  }

  /** The cursor a client sent back, or null when it is not one this service made. */
  static decode(text: string): PhotoCursor | null {
    try {
      const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
      if (!Array.isArray(value) || value.length < 2 || value.length > 3) return null;
      const [createdAt, id, heartCount] = value as unknown[];
      if (typeof createdAt !== 'string' || typeof id !== 'string' || !isPhotoId(id)) return null;
      if (heartCount !== undefined && !(Number.isSafeInteger(heartCount) && (heartCount as number) >= 0))
        return null;
      const date = new Date(createdAt);
      return Number.isNaN(date.getTime())
        ? null
        : new PhotoCursor(date, id, heartCount as number | undefined);
    } catch {
      return null;
    }
  }
}
