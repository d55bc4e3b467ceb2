import { photoObjectKeys } from '../photos/photo-object-keys.js';
import type { UploadEntity } from './upload.entity.js';

/**
 * Every object an unconfirmed upload may have in storage: the original the browser PUT, and the derived images a
 * confirmation writes before it records the photo (left behind when that confirmation failed half-way).
 */
export function uploadObjectKeys(upload: Pick<UploadEntity, 'id' | 'eventCode' | 'objectKey'>): string[] {
  return [...new Set([upload.objectKey, ...Object.values(photoObjectKeys(upload.eventCode, upload.id))])];
}
