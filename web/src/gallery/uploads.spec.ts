import { describe, expect, it } from '@jest/globals';
import {
  ACCEPTED_PHOTO_TYPES,
  ACCEPTED_VIDEO_TYPES,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_MEGAPIXELS,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_MEGABYTES,
} from '@gallery/contracts';
import { acceptedTypes, checkPhotoFile, contentTypeFor, refusalFor } from './uploads';

describe('checking files in the browser', () => {
  it('accepts the photo types up to the size limit', () => {
    expect(checkPhotoFile({ name: 'a.jpg', type: 'image/jpeg', size: 1000 }, 'free')).toBeNull();
    expect(checkPhotoFile({ name: 'a.heic', type: '', size: MAX_PHOTO_BYTES }, 'free')).toBeNull();
  });

  it('refuses other types, empty files and files over the limit', () => {
    expect(checkPhotoFile({ name: 'a.gif', type: 'image/gif', size: 10 }, 'free')).toEqual({
      code: 'UNSUPPORTED_FILE_TYPE',
    });
    expect(checkPhotoFile({ name: 'notes', type: '', size: 10 }, 'free')).toEqual({
      code: 'UNSUPPORTED_FILE_TYPE',
    });
    expect(checkPhotoFile({ name: 'a.png', type: 'image/png', size: 0 }, 'free')).toEqual({
      code: 'FILE_EMPTY',
    });
    expect(checkPhotoFile({ name: 'a.png', type: 'image/png', size: MAX_PHOTO_BYTES + 1 }, 'free')).toEqual({
      code: 'FILE_TOO_LARGE',
      count: 50,
    });
  });

  it('takes videos on the Premium plan only, up to the video size limit', () => {
    const clip = { name: 'First dance.mp4', type: 'video/mp4', size: 1000 };
    expect(checkPhotoFile(clip, 'premium')).toBeNull();
    expect(checkPhotoFile({ name: 'toast.MOV', type: '', size: MAX_VIDEO_BYTES }, 'premium')).toBeNull();
    expect(checkPhotoFile(clip, 'free')).toEqual({ code: 'VIDEOS_NEED_PREMIUM' });
    expect(checkPhotoFile(clip, 'standard')).toEqual({ code: 'VIDEOS_NEED_PREMIUM' });
    expect(checkPhotoFile({ ...clip, size: MAX_VIDEO_BYTES + 1 }, 'premium')).toEqual({
      code: 'VIDEO_TOO_LARGE',
      count: MAX_VIDEO_MEGABYTES,
    });
    expect(refusalFor('VIDEO_TOO_LARGE', 'premium')).toEqual({
      code: 'VIDEO_TOO_LARGE',
      count: MAX_VIDEO_MEGABYTES,
    });
  });

  it('offers videos in the file picker only when the plan takes them', () => {
    expect(acceptedTypes('free')).toBe(ACCEPTED_PHOTO_TYPES.join(','));
    expect(acceptedTypes('standard')).toBe(ACCEPTED_PHOTO_TYPES.join(','));
    expect(acceptedTypes('premium').split(',')).toEqual([...ACCEPTED_PHOTO_TYPES, ...ACCEPTED_VIDEO_TYPES]);
  });

  it('reads the type from the extension when the browser gives none', () => {
    expect(contentTypeFor({ name: 'clip.webm', type: '' })).toBe('video/webm');
    expect(contentTypeFor({ name: 'IMG_1.HEIF', type: '' })).toBe('image/heif');
    expect(contentTypeFor({ name: 'x.webp', type: 'image/webp' })).toBe('image/webp');
  });
});

describe('server refusals', () => {
  it('fills the photo limit from the plan unless the server gives it', () => {
    expect(refusalFor('PHOTO_LIMIT_REACHED', 'free')).toEqual({ code: 'PHOTO_LIMIT_REACHED', count: 50 });
    expect(refusalFor('PHOTO_LIMIT_REACHED', 'free', { limit: 20 })).toEqual({
      code: 'PHOTO_LIMIT_REACHED',
      count: 20,
    });
    expect(refusalFor('GALLERY_EXPIRED', 'free')).toEqual({ code: 'GALLERY_EXPIRED' });
  });

  it('gives the pixel limit of an image too large', () => {
    expect(refusalFor('IMAGE_TOO_LARGE', 'free')).toEqual({
      code: 'IMAGE_TOO_LARGE',
      count: MAX_PHOTO_MEGAPIXELS,
    });
    expect(refusalFor('UPLOADS_BUSY', 'premium')).toEqual({ code: 'UPLOADS_BUSY' });
  });
});
