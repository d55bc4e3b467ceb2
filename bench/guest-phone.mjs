// @ts-check
// A guest's phone uploading photos the way the web app does (web/src/gallery/uploadQueue.ts, useUploads.ts,
// guestIdentity.ts), for benches of many guests: a guest identity asked for once (issueGuestIdentity) and sent
// with every request as X-Guest-Identity; UPLOAD_CONCURRENCY files at a time; the slots of a file and the next
// few after it in one request; each file PUT to storage, then confirmed in a request that carries the next
// files' slot request; an answer lost (no answer, SERVICE_UNAVAILABLE, storage 5xx) asked again after each of
// LOST_ANSWER_DELAYS_MS; a refusal final, except RATE_LIMITED, after which the phone waits the seconds given
// and tries again. The GraphQL documents are the web app's (web/src/gallery/graphql.ts), written out.
import { GraphqlRefusal } from './gallery-client.mjs';

/** web/src/gallery/uploadItems.ts */
const UPLOAD_CONCURRENCY = 3;
/** web/src/gallery/uploadQueue.ts */
const LOST_ANSWER_DELAYS_MS = [1000, 2000, 4000, 8000, 15000, 30000];
const URL_FRESH_MS = 4 * 60 * 1000;
const MAX_RESTARTS = 2;

const PHOTO_FIELDS = `fragment GalleryPhoto on Photo {
  id eventCode thumbnailUrl previewUrl originalUrl width height createdAt kind durationSeconds guestName challengeId
  uploaderId heartCount
}`;
const SLOT_FIELDS = `fragment UploadSlotFields on PhotoUploadSlot {
  uploadId uploadUrl headers { name value } multipart { partSize partCount }
}`;
const ISSUE_GUEST_IDENTITY = 'mutation IssueGuestIdentity { issueGuestIdentity { token id } }';
const REQUEST_PHOTO_UPLOADS = `mutation RequestPhotoUploads(
  $eventCode: String! $files: [PhotoUploadRequest!]! $guestName: String $challengeId: ID
) {
  requestPhotoUploads(eventCode: $eventCode, files: $files, guestName: $guestName, challengeId: $challengeId) {
    ...UploadSlotFields
  }
}
${SLOT_FIELDS}`;
const CONFIRM_PHOTO_UPLOAD = `mutation ConfirmPhotoUpload($eventCode: String!, $uploadId: ID!) {
  confirmPhotoUpload(eventCode: $eventCode, uploadId: $uploadId) { ...GalleryPhoto awaitingApproval }
}
${PHOTO_FIELDS}`;
const CONFIRM_AND_REQUEST_NEXT = `mutation ConfirmAndRequestNext(
  $eventCode: String! $uploadId: ID! $files: [PhotoUploadRequest!]! $guestName: String $challengeId: ID
) {
  confirmPhotoUpload(eventCode: $eventCode, uploadId: $uploadId) { ...GalleryPhoto awaitingApproval }
  requestPhotoUploads(eventCode: $eventCode, files: $files, guestName: $guestName, challengeId: $challengeId) {
    ...UploadSlotFields
  }
}
${PHOTO_FIELDS}
${SLOT_FIELDS}`;

/** No answer, or one that says none could be given: the request may be sent again. */
class LostAnswer extends Error {}
class StorageRefused extends Error {
  constructor(status) {
    super(`storage answered ${status}`);
    this.status = status;
  }
}
/** Storage refused the URL: the file takes a new slot. */
class UploadGone extends Error {}
/** The bench's time is up: the phone stops where it is. */
export class GaveUp extends Error {}

const isLost = (error) =>
  error instanceof LostAnswer ||
  (error instanceof StorageRefused && error.status >= 500) ||
  (error instanceof GraphqlRefusal && error.code === 'SERVICE_UNAVAILABLE') ||
  // What the web app's readApiError makes of anything but a GraphQL answer (a slot request never sent, say).
  !(error instanceof GraphqlRefusal || error instanceof StorageRefused || error instanceof UploadGone);

/**
 * What the guests' phones met, summed over them: the server's refusals by code and by operation, the waits
 * RATE_LIMITED asked for, and the answers lost.
 */
export class VenueTally {
  /** code -> operation -> count */
  refusals = new Map();
  waits = { count: 0, seconds: 0, longest: 0 };
  /** operation -> answers lost (no answer, SERVICE_UNAVAILABLE, storage 5xx), each asked again */
  lost = new Map();

  refused(operation, code) {
    const byOperation = this.refusals.get(code) ?? new Map();
    this.refusals.set(code, byOperation);
    byOperation.set(operation, (byOperation.get(operation) ?? 0) + 1);
  }

  answerLost(operation) {
    this.lost.set(operation, (this.lost.get(operation) ?? 0) + 1);
  }

  waited(seconds) {
    this.waits.count++;
    this.waits.seconds += seconds;
    this.waits.longest = Math.max(this.waits.longest, seconds);
  }
}

/** At most `count` tasks at once: the bench's own bound on requests and PUTs in flight. */
export function permits(count) {
  let free = count;
  const queue = [];
  return async (task) => {
    if (free > 0) free--;
    else await new Promise((resolve) => queue.push(resolve));
    try {
      return await task();
    } finally {
      const next = queue.shift();
      if (next) next();
      else free++;
    }
  };
}

/**
 * @typedef {object} TakenPhoto
 * @property {string} name
 * @property {Buffer} bytes
 * @property {number} takenAt when the guest chose it (epoch ms)
 * @property {string[]} uploadIds every slot it was given (a photo's id is its upload's)
 * @property {any} [slot]
 * @property {number} [slotAt]
 * @property {boolean} [stored]
 * @property {boolean} [waited] whether a request for it was refused RATE_LIMITED (today's web app gives such a
 *   photo up)
 * @property {number} [confirmSentAt] when its confirm was first sent (epoch ms)
 * @property {string} [photoId] its photo, once confirmed
 * @property {number} [confirmedAt]
 * @property {string} [failure] why it was not sent
 */

export class GuestPhone {
  /** @type {TakenPhoto[]} */ waiting = [];
  /** @type {TakenPhoto[]} */ order = [];
  slots = new Map();
  active = 0;
  /** @type {(() => void)[]} */ idleWaiters = [];
  /** @type {{ token: string, id: string } | null} */ identity = null;
  /** @type {Promise<void> | null} */ issuing = null;

  /**
   * @param {object} options
   * @param {string} options.url the gateway
   * @param {string} options.eventCode
   * @param {string} options.address where the phone's requests come from (X-Forwarded-For)
   * @param {string} options.guestName
   * @param {VenueTally} options.tally
   * @param {number} options.deadline when the phone stops (epoch ms)
   * @param {<T>(task: () => Promise<T>) => Promise<T>} options.inFlight the bench's bound on requests at once
   * @param {() => number} options.now epoch ms
   */
  constructor(options) {
    this.options = options;
  }

  /** @param {TakenPhoto[]} photos */
  add(photos) {
    this.waiting.push(...photos);
    this.order.push(...photos);
    this.pump();
  }

  /** Resolves when every photo added so far is confirmed or has failed. */
  idle() {
    if (this.active === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(() => resolve(undefined)));
  }

  pump() {
    while (this.active < UPLOAD_CONCURRENCY && this.waiting.length > 0) {
      const photo = /** @type {TakenPhoto} */ (this.waiting.shift());
      this.active++;
      void this.send(photo).finally(() => {
        this.order.splice(this.order.indexOf(photo), 1);
        this.slots.delete(photo);
        this.active--;
        this.pump();
        if (this.active === 0 && this.waiting.length === 0)
          this.idleWaiters.splice(0).forEach((resolve) => resolve());
      });
    }
  }

  /** @param {TakenPhoto} photo */
  async send(photo) {
    try {
      for (let restarts = 0; ; restarts++) {
        await this.takeSlot(photo);
        if (photo.stored) break;
        try {
          await this.sendBytes(photo);
          photo.stored = true;
          break;
        } catch (error) {
          if (!(error instanceof UploadGone) || restarts >= MAX_RESTARTS) throw error;
          photo.slot = undefined;
        }
      }
      const confirmed = await this.withRetries(photo, () => this.confirmAndAskNext(photo));
      photo.photoId = confirmed?.id;
      photo.confirmedAt = this.options.now();
    } catch (error) {
      photo.failure =
        error instanceof GraphqlRefusal ? error.code : error instanceof GaveUp ? 'GAVE_UP' : 'NO_ANSWER';
    }
  }

  /** @param {TakenPhoto} photo */
  async takeSlot(photo) {
    const usable = photo.slot && (photo.stored || (photo.slotAt ?? 0) + URL_FRESH_MS > this.options.now());
    if (usable) return;
    photo.slot = undefined;
    const slot = await this.withRetries(photo, () => this.slotFor(photo));
    this.slots.delete(photo);
    if (!slot) throw new Error('no slot granted');
    photo.slot = slot;
    photo.slotAt = this.options.now();
    photo.uploadIds.push(slot.uploadId);
  }

  /** The photo's slot: asked for with the next few photos without one, unless already asked for. */
  slotFor(photo) {
    const known = this.slots.get(photo);
    if (known) return known;
    const batch = this.batchFrom(photo);
    this.awaitSlots(batch, this.requestSlots(batch));
    return this.slots.get(photo);
  }

  /** The photo's confirm, carrying the slot request the next photo would make as it starts. */
  confirmAndAskNext(photo) {
    const next = this.waiting[0];
    const batch = next && !next.slot && !this.slots.has(next) ? this.batchFrom(next) : [];
    const answer = this.confirm(photo, batch);
    this.awaitSlots(batch, answer.slots);
    return answer.photo;
  }

  batchFrom(photo) {
    const following = this.order
      .slice(this.order.indexOf(photo) + 1)
      .filter((next) => !next.slot && !this.slots.has(next));
    return [photo, ...following].slice(0, UPLOAD_CONCURRENCY);
  }

  awaitSlots(batch, answer) {
    batch.forEach((next, index) => {
      const slot = answer.then((granted) => granted[index]);
      slot.catch(() => undefined);
      this.slots.set(next, slot);
    });
    answer.catch(() => batch.forEach((next) => this.slots.delete(next)));
  }

  /** @param {TakenPhoto} photo */
  async sendBytes(photo) {
    const { uploadUrl, headers } = photo.slot;
    await this.withRetries(photo, () => this.put(uploadUrl, headers, photo.bytes)).catch((error) => {
      if (error instanceof StorageRefused && error.status === 403) throw new UploadGone();
      // An earlier PUT landed and its answer was lost: storage refuses to replace it.
      if (error instanceof StorageRefused && error.status === 412) return;
      throw error;
    });
  }

  /**
   * Runs one request, again after a lost answer (after each of LOST_ANSWER_DELAYS_MS) or after the wait a
   * RATE_LIMITED refusal gives; any other refusal, and the last lost answer, are thrown.
   */
  async withRetries(photo, request) {
    for (let lost = 0; ;) {
      if (this.options.now() > this.options.deadline) throw new GaveUp();
      try {
        return await request();
      } catch (error) {
        if (error instanceof GraphqlRefusal && error.code === 'RATE_LIMITED') {
          const seconds = error.count ?? 1;
          photo.waited = true;
          this.options.tally.waited(seconds);
          await this.pause(seconds * 1000);
          continue;
        }
        if (!isLost(error) || lost >= LOST_ANSWER_DELAYS_MS.length) throw error;
        await this.pause(LOST_ANSWER_DELAYS_MS[lost++]);
      }
    }
  }

  async pause(ms) {
    if (this.options.now() + ms > this.options.deadline) throw new GaveUp();
    await new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** As the web app's ensureGuestIdentity: once, before the first upload; never throws. */
  ensureIdentity() {
    if (this.identity) return Promise.resolve();
    this.issuing ??= this.post('issueGuestIdentity', ISSUE_GUEST_IDENTITY, {})
      .then((body) => {
        if (body.data?.issueGuestIdentity) this.identity = body.data.issueGuestIdentity;
      })
      .catch(() => undefined)
      .finally(() => {
        this.issuing = null;
      });
    return this.issuing;
  }

  slotRequestOf(batch) {
    return {
      eventCode: this.options.eventCode,
      files: batch.map((photo) => ({
        fileName: photo.name,
        contentType: 'image/jpeg',
        size: photo.bytes.length,
      })),
      guestName: this.options.guestName,
      challengeId: null,
    };
  }

  async requestSlots(batch) {
    await this.ensureIdentity();
    const body = await this.post('requestPhotoUploads', REQUEST_PHOTO_UPLOADS, this.slotRequestOf(batch));
    return fieldOf(body, 'requestPhotoUploads') ?? [];
  }

  /** The confirm and, in the same request, the next photos' slots: each answer kept or refused on its own. */
  confirm(photo, next) {
    const { eventCode } = this.options;
    const uploadId = photo.slot.uploadId;
    // When the phone first sends it, whatever waits for the bench's own bound before.
    const sending = () => {
      photo.confirmSentAt ??= this.options.now();
    };
    const confirmAlone = async () =>
      fieldOf(
        await this.post('confirmPhotoUpload', CONFIRM_PHOTO_UPLOAD, { eventCode, uploadId }, sending),
        'confirmPhotoUpload',
      );
    if (next.length === 0) return { photo: confirmAlone(), slots: Promise.resolve([]) };
    const answer = this.ensureIdentity().then(() =>
      this.post(
        'confirmPhotoUpload+requestPhotoUploads',
        CONFIRM_AND_REQUEST_NEXT,
        { ...this.slotRequestOf(next), uploadId },
        sending,
      ),
    );
    return {
      // The slots' refusal nulls the confirm's answer: the confirm, carried out, is asked again alone.
      photo: answer.then((body) => fieldOf(body, 'confirmPhotoUpload') ?? confirmAlone()),
      slots: answer.then(
        (body) => fieldOf(body, 'requestPhotoUploads') ?? Promise.reject(new Error('slots not asked')),
      ),
    };
  }

  /**
   * One GraphQL request from this phone; each error of its answer is counted by code. `sending` is called as it
   * leaves.
   * @param {string} operation
   * @param {string} query
   * @param {Record<string, unknown>} variables
   * @param {() => void} [sending]
   */
  post(operation, query, variables, sending = () => undefined) {
    const { url, address, tally } = this.options;
    return this.options.inFlight(async () => {
      let body;
      sending();
      try {
        const response = await fetch(`${url}/graphql`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': address,
            ...(this.identity ? { 'x-guest-identity': this.identity.token } : {}),
          },
          body: JSON.stringify({ query, variables }),
        });
        body = await response.json();
      } catch {
        tally.answerLost(operation);
        throw new LostAnswer(operation);
      }
      if (!body || (!body.data && !body.errors)) {
        tally.answerLost(operation);
        throw new LostAnswer(operation);
      }
      for (const error of body.errors ?? []) {
        const code = error.extensions?.code ?? 'INTERNAL';
        if (code === 'SERVICE_UNAVAILABLE') tally.answerLost(operation);
        else tally.refused(operation, code);
      }
      return body;
    });
  }

  put(url, headers, bytes) {
    return this.options.inFlight(async () => {
      let response;
      try {
        response = await fetch(url, {
          method: 'PUT',
          headers: Object.fromEntries(headers.map((header) => [header.name, header.value])),
          body: bytes,
        });
        await response.arrayBuffer();
      } catch {
        this.options.tally.answerLost('PUT (no answer)');
        throw new LostAnswer('PUT');
      }
      if (response.status >= 500) this.options.tally.answerLost(`PUT (storage ${response.status})`);
      else if (!response.ok) this.options.tally.refused('PUT', `storage ${response.status}`);
      if (!response.ok) throw new StorageRefused(response.status);
    });
  }
}

/**
 * One root field's outcome from an answer that may carry several (web/src/api/apiErrors.ts, fieldOf): its value,
 * undefined when the answer has none and no error of its own, or its own first error thrown. An error naming no
 * field (the request refused whole) belongs to every field.
 */
function fieldOf(body, field) {
  const errors = (body.errors ?? []).filter((error) => !error.path?.length || error.path[0] === field);
  if (errors.length > 0) throw new GraphqlRefusal(errors[0]);
  return body.data?.[field] ?? undefined;
}
