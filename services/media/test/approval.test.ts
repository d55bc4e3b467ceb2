import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  Requests,
  Subjects,
  type DomainEvent,
  type LivePhoto,
  type PrivacyChangedData,
  MAX_REVIEW_BATCH,
  parseDomainEvent,
  RequestContracts,
  type GalleryPhotosReply,
} from '@gallery/contracts';
import { askService, EventBus, guestIdentityTokenDigest } from '@gallery/platform';
import { publishAsRelay, waitFor } from '@gallery/testing';

import { putToSlot, REQUEST_UPLOADS, type Slot } from './guest-upload.js';
import { DAY, ownerOf, startMedia, type GraphQLAnswer, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let db: DataSource;

const graphql = <T>(query: string, variables: object, authorization?: string, guestIdentity?: string) =>
  media!.graphql<T>(query, variables, { authorization, guestIdentity });

const publish = <S extends typeof Subjects.EventCreated | typeof Subjects.PrivacyChanged>(
  type: S,
  data: DomainEvent<S>['data'],
) => media!.publish(type, data);

const createGallery = () => media!.createGallery();

const DEFAULTS = {
  visibility: 'everyone',
  revealAt: null,
  uploadsOpenAt: null,
  uploadsCloseAt: null,
  guestOriginals: true,
  approval: false,
} as const;

/** Publishes the couple's settings as events does, and waits until media's read model holds them. */
async function setPrivacy(code: string, settings: Partial<Omit<PrivacyChangedData, 'code'>>): Promise<void> {
  const data = { ...DEFAULTS, ...settings, code };
  await publish(Subjects.PrivacyChanged, data);
  await waitFor('the settings in the read model', async () => {
    const [row]: {
      open: Date | null;
      close: Date | null;
      originals: boolean;
      visibility: string;
      reveal: Date | null;
      approval: boolean;
    }[] = await db.query(
      `SELECT uploads_open_at AS open, uploads_close_at AS close, guest_originals AS originals,
              photo_approval AS approval,
              photo_visibility AS visibility, reveal_at AS reveal
         FROM galleries WHERE code = $1`,
      [code],
    );
    return (
      row.originals === data.guestOriginals &&
      row.approval === (data.approval ?? false) &&
      row.visibility === data.visibility &&
      (row.reveal?.toISOString() ?? null) === (data.revealAt && new Date(data.revealAt).toISOString()) &&
      (row.open?.toISOString() ?? null) ===
        (data.uploadsOpenAt && new Date(data.uploadsOpenAt).toISOString()) &&
      (row.close?.toISOString() ?? null) ===
        (data.uploadsCloseAt && new Date(data.uploadsCloseAt).toISOString())
    );
  });
}

const photoBytes = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();

async function requestSlot(
  code: string,
  body: Buffer,
  guestIdentity?: string,
): Promise<GraphQLAnswer<{ requestPhotoUploads: Slot[] }>> {
  return graphql<{ requestPhotoUploads: Slot[] }>(
    REQUEST_UPLOADS,
    { code, files: [{ fileName: 'IMG.JPG', contentType: 'image/jpeg', size: body.length }] },
    undefined,
    guestIdentity,
  );
}

const CONFIRM =
  'mutation ($code: String!, $id: ID!) { confirmPhotoUpload(eventCode: $code, uploadId: $id) { id eventCode thumbnailUrl awaitingApproval } }';

async function uploadPhoto(
  code: string,
  guestIdentity?: string,
  authorization?: string,
): Promise<LivePhoto & { awaitingApproval: boolean }> {
  const body = await photoBytes();
  const slot = (await requestSlot(code, body, guestIdentity)).data!.requestPhotoUploads[0];
  expect((await putToSlot(slot, body)).status).toBe(200);
  const confirmed = await graphql<{ confirmPhotoUpload: LivePhoto & { awaitingApproval: boolean } }>(
    CONFIRM,
    { code, id: slot.uploadId },
    authorization,
  );
  expect(confirmed.errors).toBeUndefined();
  return confirmed.data!.confirmPhotoUpload;
}

/** The status of a photo link as the gateway forwards it, with the caller's Authorization when given. */
async function fetchLink(photoId: string, variant: string, authorization?: string) {
  const call = request(app!.getHttpServer()).get(`/media/photos/${photoId}/${variant}`);
  if (authorization) call.set('Authorization', authorization);
  return call;
}

beforeAll(async () => {
  media = await startMedia({
    bucket: 'media-approval-test',
    owners: { plan: 'standard', expiresInMs: DAY },
  });
  ({ app, bus, db } = media);
});

afterAll(() => media?.stop());

const ISSUE = 'mutation { issueGuestIdentity { token } }';
const GALLERY = `query ($reps: [_Any!]!, $order: PhotoOrder) {
  _entities(representations: $reps) {
    ... on Event {
      photoCount
      photos(first: 50, order: $order) { nodes { id thumbnailUrl awaitingApproval } }
      challenges { photoCount }
    }
  }
}`;
const REQUEST_FOR_CHALLENGE = `mutation ($code: String!, $files: [PhotoUploadRequest!]!, $challengeId: ID) {
  requestPhotoUploads(eventCode: $code, files: $files, challengeId: $challengeId) {
    uploadId uploadUrl headers { name value } multipart { partSize partCount }
  }
}`;
const QUEUE = `query ($code: String!, $state: ReviewQueueState) {
  reviewQueue(eventCode: $code, state: $state) {
    waitingCount hiddenCount photos { nodes { id thumbnailUrl previewUrl originalUrl awaitingApproval } }
  }
}`;
const REVIEW = `mutation ($code: String!, $ids: [ID!]!, $decision: ReviewDecision!) {
  reviewPhotos(eventCode: $code, ids: $ids, decision: $decision)
}`;

async function newGuest(): Promise<string> {
  const answer = await graphql<{ issueGuestIdentity: { token: string } }>(ISSUE, {});
  return answer.data!.issueGuestIdentity.token;
}

type State = 'waiting' | 'approved' | 'hidden';
type Caller = 'its uploader' | 'another guest' | 'a guest without identity' | 'the couple';

async function review(code: string, ids: string[], decision: 'APPROVE' | 'HIDE') {
  return graphql<{ reviewPhotos: number }>(REVIEW, { code, ids, decision }, ownerOf(code));
}

/**
 * A gallery asking for approval with a challenge: one photo of guest A's for it, in `state`, and guest B's
 * photo approved.
 */
async function galleryWith(state: State) {
  const code = await createGallery();
  const challengeId = randomUUID();
  await publishAsRelay(bus!, {
    id: randomUUID(),
    type: Subjects.ChallengesChanged,
    occurredAt: new Date().toISOString(),
    data: { code, challenges: [{ id: challengeId, prompt: 'The first dance' }] },
  } as DomainEvent);
  await waitFor(
    'the challenge',
    async () => (await db.query('SELECT 1 FROM challenges WHERE id = $1', [challengeId])).length,
  );
  await setPrivacy(code, { approval: true });
  const tokens = { a: await newGuest(), b: await newGuest() };
  const body = await photoBytes();
  const files = [{ fileName: 'IMG.JPG', contentType: 'image/jpeg', size: body.length }];
  const slots = await graphql<{ requestPhotoUploads: Slot[] }>(
    REQUEST_FOR_CHALLENGE,
    { code, files, challengeId },
    undefined,
    tokens.a,
  );
  const slot = slots.data!.requestPhotoUploads[0];
  expect((await putToSlot(slot, body)).status).toBe(200);
  const confirmed = await graphql<{ confirmPhotoUpload: LivePhoto & { awaitingApproval: boolean } }>(
    CONFIRM,
    { code, id: slot.uploadId },
  );
  const a = confirmed.data!.confirmPhotoUpload;
  expect(a.awaitingApproval).toBe(true);
  const b = await uploadPhoto(code, tokens.b);
  expect((await review(code, [b.id], 'APPROVE')).errors).toBeUndefined();
  if (state !== 'waiting') {
    expect((await review(code, [a.id], state === 'approved' ? 'APPROVE' : 'HIDE')).errors).toBeUndefined();
  }
  const as = (caller: Caller): { authorization?: string; guestIdentity?: string } =>
    caller === 'the couple'
      ? { authorization: ownerOf(code) }
      : caller === 'its uploader'
        ? { guestIdentity: tokens.a }
        : caller === 'another guest'
          ? { guestIdentity: tokens.b }
          : {};
  return { code, a, b, as };
}

describe('approval before photos show', () => {
  // path x state x caller: whether guest A's photo is listed and counted (B's approved one always is).
  it.each([
    ['waiting', 'its uploader', true],
    ['waiting', 'another guest', false],
    ['waiting', 'a guest without identity', false],
    ['waiting', 'the couple', false],
    ['approved', 'another guest', true],
    ['approved', 'a guest without identity', true],
    ['hidden', 'its uploader', false],
    ['hidden', 'another guest', false],
    ['hidden', 'the couple', false],
  ] as const)(
    'a %s photo, for %s: listed, counted, challenge and Most loved: %s',
    async (state, caller, shown) => {
      const { code, a, b, as } = await galleryWith(state);
      const { authorization, guestIdentity } = as(caller);
      for (const order of ['NEWEST', 'MOST_LOVED']) {
        const answer = await graphql<{
          _entities: {
            photoCount: number;
            photos: { nodes: { id: string; thumbnailUrl: string; awaitingApproval: boolean }[] };
            challenges: { photoCount: number }[];
          }[];
        }>(GALLERY, { reps: [{ __typename: 'Event', code }], order }, authorization, guestIdentity);
        expect(answer.errors).toBeUndefined();
        const [event] = answer.data!._entities;
        const ids = event.photos.nodes.map((node) => node.id).sort();
        expect(ids).toEqual((shown ? [a.id, b.id] : [b.id]).sort());
        expect(event.photoCount).toBe(shown ? 2 : 1);
        expect(event.challenges).toEqual([{ photoCount: shown ? 1 : 0 }]);
        const listed = event.photos.nodes.find((node) => node.id === a.id);
        if (listed) expect(listed.awaitingApproval).toBe(state === 'waiting');
        for (const node of event.photos.nodes) {
          const url = new URL(node.thumbnailUrl);
          expect((await request(app!.getHttpServer()).get(url.pathname + url.search)).status).toBe(302);
        }
      }
    },
  );

  // variant x state: guest A's photo link as another guest's browser asks it (no pass), and as the uploader has it.
  it.each([
    ['thumbnail', 'waiting', 404, 302],
    ['preview', 'waiting', 404, 302],
    ['original', 'waiting', 404, 302],
    ['thumbnail', 'approved', 302, 302],
    ['original', 'approved', 302, 302],
    ['thumbnail', 'hidden', 404, 404],
    ['preview', 'hidden', 404, 404],
    ['original', 'hidden', 404, 404],
  ] as const)(
    'the %s of a %s photo: %s without a pass, %s with its uploader’s',
    async (variant, state, bare, own) => {
      const { a } = await galleryWith(state);
      expect((await fetchLink(a.id, variant)).status).toBe(bare);
      const ownUrl = new URL(a.thumbnailUrl.replace('/thumbnail', `/${variant}`));
      expect(ownUrl.search).toMatch(/^\?pass=/);
      const answer = await request(app!.getHttpServer()).get(ownUrl.pathname + ownUrl.search);
      expect(answer.status).toBe(own);
    },
  );

  it('shows the couple the queue with review passes that open waiting and hidden photos alike', async () => {
    const { code, a } = await galleryWith('waiting');
    const waiting = await graphql<{
      reviewQueue: {
        waitingCount: number;
        hiddenCount: number;
        photos: {
          nodes: { id: string; thumbnailUrl: string; originalUrl: string; awaitingApproval: boolean }[];
        };
      };
    }>(QUEUE, { code, state: 'WAITING' }, ownerOf(code));
    expect(waiting.errors).toBeUndefined();
    expect(waiting.data!.reviewQueue).toMatchObject({ waitingCount: 1, hiddenCount: 0 });
    expect(waiting.data!.reviewQueue.photos.nodes.map((n) => [n.id, n.awaitingApproval])).toEqual([
      [a.id, true],
    ]);
    // Without a state, as the queue screen first asks: the waiting photos the count announces.
    for (const [query, variables] of [
      [QUEUE, { code }],
      [
        'query ($code: String!) { reviewQueue(eventCode: $code) { waitingCount photos { nodes { id } } } }',
        { code },
      ],
    ] as const) {
      const byDefault = await graphql<{
        reviewQueue: { waitingCount: number; photos: { nodes: { id: string }[] } };
      }>(query, variables, ownerOf(code));
      expect(byDefault.errors).toBeUndefined();
      expect(byDefault.data!.reviewQueue.waitingCount).toBe(1);
      expect(byDefault.data!.reviewQueue.photos.nodes.map((n) => n.id)).toEqual([a.id]);
    }
    expect((await review(code, [a.id], 'HIDE')).data!.reviewPhotos).toBe(1);
    const hidden = await graphql<{
      reviewQueue: {
        waitingCount: number;
        hiddenCount: number;
        photos: { nodes: { id: string; originalUrl: string }[] };
      };
    }>(QUEUE, { code, state: 'HIDDEN' }, ownerOf(code));
    expect(hidden.data!.reviewQueue).toMatchObject({ waitingCount: 0, hiddenCount: 1 });
    const [node] = hidden.data!.reviewQueue.photos.nodes;
    const url = new URL(node.originalUrl);
    expect((await request(app!.getHttpServer()).get(url.pathname + url.search)).status).toBe(302);
    // A guest may neither read the queue nor decide.
    const asGuest = await graphql(QUEUE, { code }, undefined, await newGuest());
    expect(asGuest.errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|NOT_GALLERY_OWNER/);
    expect((await graphql(REVIEW, { code, ids: [a.id], decision: 'APPROVE' })).errors).toBeDefined();
  });

  it('counts waiting and hidden photos toward the quota', async () => {
    const { code } = await galleryWith('hidden');
    const [row] = (await db.query('SELECT photo_count, withheld_count FROM galleries WHERE code = $1', [
      code,
    ])) as { photo_count: number; withheld_count: number }[];
    expect(row).toEqual({ photo_count: 2, withheld_count: 1 });
  });

  it('tells events how many photos wait for the couple, for the daily digest (hidden ones are decided)', async () => {
    const waiting = await galleryWith('waiting');
    const hidden = await galleryWith('hidden');
    const ask = (code: string) => askService(bus!, RequestContracts.ReviewWaiting, { code });
    expect(await ask(waiting.code)).toEqual({ photos: 1, messages: 0 });
    expect(await ask(hidden.code)).toEqual({ photos: 0, messages: 0 });
  });

  it("takes the couple's own upload without approval", async () => {
    const code = await createGallery();
    await setPrivacy(code, { approval: true });
    const photo = await uploadPhoto(code, undefined, ownerOf(code));
    expect(photo.awaitingApproval).toBe(false);
    expect((await fetchLink(photo.id, 'thumbnail')).status).toBe(302);
  });

  it('refuses a batch over the cap, and a photo of another gallery, changing nothing', async () => {
    const { code, a } = await galleryWith('waiting');
    const tooMany = Array.from({ length: MAX_REVIEW_BATCH + 1 }, () => randomUUID());
    const refused = await review(code, tooMany, 'APPROVE');
    expect(refused.errors?.[0]?.extensions?.code).toBe('REVIEW_BATCH_TOO_LARGE');
    const other = await galleryWith('waiting');
    const mixed = await review(code, [a.id, other.a.id], 'APPROVE');
    expect(mixed.errors?.[0]?.extensions?.code).toBe('REVIEW_PHOTO_NOT_FOUND');
    expect((await fetchLink(a.id, 'thumbnail')).status).toBe(404);
  });

  it('publishes approvals and hides whole, for the gateway and download', async () => {
    const { code, a } = await galleryWith('waiting');
    const seen: DomainEvent[] = [];
    const subscription = bus!.nc.subscribe('photo.*', {
      callback: (_error, message) => {
        seen.push(parseDomainEvent(message.data));
      },
    });
    try {
      await review(code, [a.id], 'APPROVE');
      await review(code, [a.id], 'HIDE');
      await waitFor('the hide', async () => seen.some((e) => e.type === Subjects.PhotoHidden));
      // The setup's approval of guest B's photo may arrive here too: guest A's is the one looked for.
      const approved = seen.find(
        (e) =>
          e.type === Subjects.PhotoApproved && (e as DomainEvent<'photo.approved'>).data.photo.id === a.id,
      ) as DomainEvent<'photo.approved'>;
      expect(approved.data).toMatchObject({ photo: { id: a.id, eventCode: code }, photoCount: 2 });
      expect(approved.data.photo.thumbnailUrl).not.toContain('pass=');
      const hidden = seen.find((e) => e.type === Subjects.PhotoHidden) as DomainEvent<'photo.hidden'>;
      expect(hidden.data).toMatchObject({ photoId: a.id, eventCode: code, photoCount: 1 });
    } finally {
      subscription.unsubscribe();
    }
  });

  it('names the uploader of a photo hidden while photos are not shared, by their token’s digest', async () => {
    const { code, a, as } = await galleryWith('waiting');
    await setPrivacy(code, { approval: true, visibility: 'own' });
    const seen: DomainEvent<'photo.hidden'>[] = [];
    const subscription = bus!.nc.subscribe(Subjects.PhotoHidden, {
      callback: (_error, message) => {
        seen.push(parseDomainEvent(message.data) as DomainEvent<'photo.hidden'>);
      },
    });
    try {
      expect((await review(code, [a.id], 'HIDE')).errors).toBeUndefined();
      const hidden = await waitFor('the hide', async () => seen.find((event) => event.data.photoId === a.id));
      expect(hidden.data).toMatchObject({
        shared: false,
        // Its uploader's only photo, now hidden: they see none.
        uploader: { tokenDigest: guestIdentityTokenDigest(as('its uploader').guestIdentity!), photoCount: 0 },
      });
      expect(JSON.stringify(hidden)).not.toContain(as('its uploader').guestIdentity!);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('puts only approved photos in the zip', async () => {
    const { code, b } = await galleryWith('waiting');
    const reply = (
      await bus!.nc.request(Requests.GalleryPhotos, JSON.stringify({ code, limit: 10 }), { timeout: 5000 })
    ).json<GalleryPhotosReply>();
    expect(reply.photos.map((photo) => photo.id)).toEqual([b.id]);
  });
});
