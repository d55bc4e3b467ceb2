import { describe, expect, it } from '@jest/globals';
import { InvalidEventError, LIVE_PHOTO_FIELDS, parseDomainEvent } from './domain-events.js';
import { FIND_ME_LIMITS } from './limits.js';

const envelope = {
  id: '0b0c1c8e-2f7a-4a55-9f3c-3f0f7d3c9a11',
  type: 'photo.uploaded',
  occurredAt: '2026-11-22T18:00:00.000Z',
  data: {
    photoCount: 3,
    photo: {
      id: '5b0f3c1e-2f7a-4a55-9f3c-3f0f7d3c9a12',
      eventCode: 'ACDEFGHJ',
      thumbnailUrl: 'http://localhost:5000/media/photos/5b0f3c1e-2f7a-4a55-9f3c-3f0f7d3c9a12/thumbnail',
      previewUrl: 'http://localhost:5000/media/photos/5b0f3c1e-2f7a-4a55-9f3c-3f0f7d3c9a12/preview',
      originalUrl: 'http://localhost:5000/media/photos/5b0f3c1e-2f7a-4a55-9f3c-3f0f7d3c9a12/original',
      width: 4000,
      height: 3000,
      createdAt: '2026-11-22T18:00:00.000Z',
      kind: 'photo',
      durationSeconds: null,
      guestName: null,
      challengeId: null,
      tableNumber: 5,
      uploaderId: 'guest-identity-id-abcdef',
      heartCount: 0,
    },
  },
};

describe('parseDomainEvent', () => {
  it('accepts an envelope that keeps its contract', () => {
    expect(parseDomainEvent(JSON.stringify(envelope))).toEqual(envelope);
  });

  it('refuses unknown subjects, broken JSON and data that breaks the contract', () => {
    expect(() => parseDomainEvent('{')).toThrow(InvalidEventError);
    expect(() => parseDomainEvent(JSON.stringify({ ...envelope, type: 'photo.eaten' }))).toThrow(
      InvalidEventError,
    );
    const noUrl = {
      ...envelope,
      data: { ...envelope.data, photo: { ...envelope.data.photo, previewUrl: '' } },
    };
    expect(() => parseDomainEvent(JSON.stringify(noUrl))).toThrow('photo.uploaded data breaks its contract');
    const badCode = {
      ...envelope,
      data: { ...envelope.data, photo: { ...envelope.data.photo, eventCode: '../ADMIN' } },
    };
    expect(() => parseDomainEvent(JSON.stringify(badCode))).toThrow(InvalidEventError);
  });

  it('carries a video with its length, and refuses a kind or length outside the contract', () => {
    const withPhoto = (photo: Record<string, unknown>) =>
      JSON.stringify({
        ...envelope,
        data: { ...envelope.data, photo: { ...envelope.data.photo, ...photo } },
      });
    expect(parseDomainEvent(withPhoto({ kind: 'video', durationSeconds: 12.4 }))).toMatchObject({
      data: { photo: { kind: 'video', durationSeconds: 12.4 } },
    });
    expect(() => parseDomainEvent(withPhoto({ kind: 'audio' }))).toThrow(InvalidEventError);
    expect(() => parseDomainEvent(withPhoto({ kind: 'video', durationSeconds: -1 }))).toThrow(
      InvalidEventError,
    );
  });

  it('reads a photo.uploaded from before uploaders were recorded as one without an uploader', () => {
    const { uploaderId: _uploaderId, ...before } = envelope.data.photo;
    const older = { ...envelope, data: { ...envelope.data, photo: before } };
    expect(parseDomainEvent(JSON.stringify(older)).data).toEqual(older.data);
  });

  it('reads a photo.uploaded from before photos said their table as one from no table card', () => {
    const { tableNumber: _tableNumber, ...before } = envelope.data.photo;
    const older = { ...envelope, data: { ...envelope.data, photo: before } };
    expect(parseDomainEvent(JSON.stringify(older)).data).toEqual(older.data);
  });

  it('lists every field of the photo for the queries and the live schema', () => {
    expect(LIVE_PHOTO_FIELDS).toEqual(Object.keys(envelope.data.photo));
  });

  it('carries a photo.faces-counted as a count of faces, and nothing of the faces themselves', () => {
    const counted = (data: Record<string, unknown>) =>
      JSON.stringify({ ...envelope, type: 'photo.faces-counted', data });
    const photo = { eventCode: 'ACDEFGHJ', photoId: envelope.data.photo.id };
    expect(parseDomainEvent(counted({ ...photo, faces: 3 })).data).toEqual({ ...photo, faces: 3 });
    expect(parseDomainEvent(counted({ ...photo, faces: 0 })).data).toEqual({ ...photo, faces: 0 });
    // Anything more a sender adds (a descriptor, a box) is dropped on receipt.
    expect(parseDomainEvent(counted({ ...photo, faces: 1, descriptor: [0.1, 0.2] })).data).toEqual({
      ...photo,
      faces: 1,
    });
    const tooMany = { ...photo, faces: FIND_ME_LIMITS.facesPerPhoto + 1 };
    for (const broken of [
      { ...photo },
      { ...photo, faces: -1 },
      { ...photo, faces: 1.5 },
      { faces: 1 },
      tooMany,
    ]) {
      expect(() => parseDomainEvent(counted(broken))).toThrow('photo.faces-counted data breaks its contract');
    }
  });
});
