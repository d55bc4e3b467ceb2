import { describe, expect, it } from '@jest/globals';
import {
  acceptedContentTypes,
  fileRefusal,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_MEGABYTES,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_MEGABYTES,
} from './uploads.js';

describe('fileRefusal: the one file-acceptance rule', () => {
  it('takes every photo type on every plan, up to the photo limit', () => {
    for (const contentType of ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/heif']) {
      for (const plan of ['free', 'standard', 'premium'] as const) {
        expect(fileRefusal({ contentType, size: MAX_PHOTO_BYTES }, plan)).toBeNull();
      }
    }
    expect(fileRefusal({ contentType: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 }, 'premium')).toEqual({
      code: 'FILE_TOO_LARGE',
      count: MAX_PHOTO_MEGABYTES,
    });
  });

  it('takes videos on Premium only, up to the video limit', () => {
    for (const contentType of ['video/mp4', 'video/quicktime', 'video/webm']) {
      expect(fileRefusal({ contentType, size: MAX_VIDEO_BYTES }, 'premium')).toBeNull();
      expect(fileRefusal({ contentType, size: 1000 }, 'standard')).toEqual({ code: 'VIDEOS_NEED_PREMIUM' });
      expect(fileRefusal({ contentType, size: 1000 }, 'free')).toEqual({ code: 'VIDEOS_NEED_PREMIUM' });
    }
    expect(fileRefusal({ contentType: 'video/mp4', size: MAX_VIDEO_BYTES + 1 }, 'premium')).toEqual({
      code: 'VIDEO_TOO_LARGE',
      count: MAX_VIDEO_MEGABYTES,
    });
  });

  it('refuses any other type, or none', () => {
    for (const contentType of ['image/gif', 'application/pdf', 'video/x-msvideo', '']) {
      expect(fileRefusal({ contentType, size: 1000 }, 'premium')).toEqual({ code: 'UNSUPPORTED_FILE_TYPE' });
    }
  });

  it('says first that a file is empty, then that its type is refused, then that it needs Premium', () => {
    expect(fileRefusal({ contentType: 'image/gif', size: 0 }, 'free')).toEqual({ code: 'FILE_EMPTY' });
    expect(fileRefusal({ contentType: 'video/mp4', size: 0 }, 'free')).toEqual({ code: 'FILE_EMPTY' });
    expect(fileRefusal({ contentType: 'video/mp4', size: MAX_VIDEO_BYTES + 1 }, 'free')).toEqual({
      code: 'VIDEOS_NEED_PREMIUM',
    });
  });

  it('offers in the file picker exactly the types the rule takes on the plan', () => {
    expect(acceptedContentTypes('free')).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/heic',
      'image/heif',
    ]);
    expect(acceptedContentTypes('standard')).toEqual(acceptedContentTypes('free'));
    expect(acceptedContentTypes('premium')).toEqual([
      ...acceptedContentTypes('free'),
      'video/mp4',
      'video/quicktime',
      'video/webm',
    ]);
    for (const plan of ['free', 'standard', 'premium'] as const) {
      for (const contentType of acceptedContentTypes(plan)) {
        expect(fileRefusal({ contentType, size: 1 }, plan)).toBeNull();
      }
    }
  });
});
