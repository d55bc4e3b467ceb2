/**
 * Where an upload session stands: waiting for its object, turned into a photo, refused (object deleted), or
 * abandoned (never confirmed, its objects swept from storage).
 */
export type UploadStatus = 'pending' | 'confirmed' | 'refused' | 'abandoned';
