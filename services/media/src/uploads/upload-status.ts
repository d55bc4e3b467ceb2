/** Where an upload session stands: waiting for its object, turned into a photo, or refused (object deleted). */
export type UploadStatus = 'pending' | 'confirmed' | 'refused';
