import { describe, expect, it } from '@jest/globals';
import type { GuestAdmissionReply, GuestAdmissionRequest } from '@gallery/contracts';
import {
  KnownGalleryPins,
  MemoryGalleryPins,
  PinAdmission,
  RememberedAdmissions,
  type KnownPin,
} from './pin-admission.js';

const CODE = 'KXMP7TQR';
const PASS = 'p1.the-live-pass';
const OWNER = 'Bearer the-owner';

class Pins extends KnownGalleryPins {
  readonly known = new Map<string, KnownPin>();
  pinOf(code: string): Promise<KnownPin | null> {
    return Promise.resolve(this.known.get(code) ?? null);
  }
  learn(code: string, pin: KnownPin): Promise<void> {
    const known = this.known.get(code);
    if (!known || known.version < pin.version) this.known.set(code, pin);
    return Promise.resolve();
  }
}

/** Events in miniature: CODE has `pin`, and admits PASS and OWNER only; every question is kept. */
class Events {
  readonly asked: GuestAdmissionRequest[] = [];
  pin: KnownPin = { set: true, version: 1 };
  live = new Set([PASS]);
  ask = (request: GuestAdmissionRequest): Promise<GuestAdmissionReply> => {
    this.asked.push(request);
    const admitted =
      !this.pin.set ||
      (request.pass !== undefined && this.live.has(request.pass)) ||
      request.authorization === OWNER;
    return Promise.resolve({ admitted, pin: this.pin });
  };
}

function start() {
  const pins = new Pins();
  const events = new Events();
  return { pins, events, admission: new PinAdmission(pins, events.ask) };
}

describe('PinAdmission', () => {
  it('admits every guest of a gallery known to have no PIN without asking events', async () => {
    const { pins, events, admission } = start();
    pins.known.set(CODE, { set: false, version: 2 });
    await expect(admission.admits({ code: CODE })).resolves.toBe(true);
    expect(events.asked).toHaveLength(0);
  });

  it('says which PIN version each yes was given under, and null for a no', async () => {
    const { pins, events, admission } = start();
    pins.known.set(CODE, { set: false, version: 2 });
    await expect(admission.admittedUnder({ code: CODE })).resolves.toBe(2);
    pins.known.set(CODE, { set: true, version: 3 });
    events.pin = { set: true, version: 3 };
    await expect(admission.admittedUnder({ code: CODE, pass: PASS })).resolves.toBe(3);
    // Remembered: the same version without asking again.
    await expect(admission.admittedUnder({ code: CODE, pass: PASS })).resolves.toBe(3);
    expect(events.asked).toHaveLength(1);
    await expect(admission.admittedUnder({ code: CODE })).resolves.toBeNull();
  });

  it('learns the PIN state of a gallery it knew nothing of from the answer, so it asks about it once', async () => {
    const { pins, events, admission } = start();
    events.pin = { set: false, version: 0 };
    for (let request = 0; request < 5; request++) {
      await expect(admission.admits({ code: CODE })).resolves.toBe(true);
    }
    expect(events.asked).toHaveLength(1);
    expect(pins.known.get(CODE)).toEqual({ set: false, version: 0 });
  });

  it('never lets an answer bring back an older PIN state than one already known', async () => {
    const { pins, events, admission } = start();
    pins.known.set(CODE, { set: true, version: 3 });
    events.pin = { set: false, version: 2 };
    await admission.admits({ code: CODE, pass: 'p1.wrong' });
    expect(pins.known.get(CODE)).toEqual({ set: true, version: 3 });
  });

  it("remembers events' yes for the same question under the same PIN version, and never a no", async () => {
    const { pins, events, admission } = start();
    pins.known.set(CODE, { set: true, version: 1 });
    for (let request = 0; request < 5; request++) {
      await expect(admission.admits({ code: CODE, pass: PASS })).resolves.toBe(true);
      await expect(admission.admits({ code: CODE, pass: 'p1.wrong' })).resolves.toBe(false);
    }
    expect(events.asked.filter((asked) => asked.pass === PASS)).toHaveLength(1);
    expect(events.asked.filter((asked) => asked.pass === 'p1.wrong')).toHaveLength(5);
  });

  it("asks every time about a question carrying an owner's token, so an ended session stops at once", async () => {
    const { pins, events, admission } = start();
    pins.known.set(CODE, { set: true, version: 1 });
    await expect(admission.admits({ code: CODE, authorization: OWNER })).resolves.toBe(true);
    await expect(admission.admits({ code: CODE, pass: PASS, authorization: OWNER })).resolves.toBe(true);
    await expect(admission.admits({ code: CODE, authorization: OWNER })).resolves.toBe(true);
    expect(events.asked).toHaveLength(3);
  });

  it('asks again once the PIN has a new version, and refuses a pass events no longer admits', async () => {
    const { pins, events, admission } = start();
    pins.known.set(CODE, { set: true, version: 1 });
    await expect(admission.admits({ code: CODE, pass: PASS })).resolves.toBe(true);
    events.live.clear();
    pins.known.set(CODE, { set: true, version: 2 });
    await expect(admission.admits({ code: CODE, pass: PASS })).resolves.toBe(false);
    expect(events.asked).toHaveLength(2);
  });

  it('asks once for the same question asked many times at once', async () => {
    const { pins, events, admission } = start();
    pins.known.set(CODE, { set: true, version: 1 });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => admission.admits({ code: CODE, pass: PASS })),
    );
    expect(answers).toEqual(Array(10).fill(true));
    expect(events.asked).toHaveLength(1);
  });
});

describe('MemoryGalleryPins', () => {
  it('keeps a newer state only, each for a while, and forgets all of them when asked to', async () => {
    let now = 0;
    const pins = new MemoryGalleryPins({ ms: 300, entries: 10 }, () => now);
    await pins.learn(CODE, { set: true, version: 2 });
    await pins.learn(CODE, { set: false, version: 1 });
    await expect(pins.pinOf(CODE)).resolves.toEqual({ set: true, version: 2 });
    now = 300;
    await expect(pins.pinOf(CODE)).resolves.toBeNull();
    await pins.learn(CODE, { set: false, version: 1 });
    await expect(pins.pinOf(CODE)).resolves.toEqual({ set: false, version: 1 });
    pins.forgetAll();
    await expect(pins.pinOf(CODE)).resolves.toBeNull();
  });

  it('holds at most its number of galleries, dropping the least recently used', async () => {
    const pins = new MemoryGalleryPins({ ms: 1000, entries: 2 }, () => 0);
    await pins.learn('A', { set: false, version: 0 });
    await pins.learn('B', { set: false, version: 0 });
    await pins.pinOf('A');
    await pins.learn('C', { set: false, version: 0 });
    await expect(pins.pinOf('B')).resolves.toBeNull();
    await expect(pins.pinOf('A')).resolves.not.toBeNull();
  });
});

describe('RememberedAdmissions', () => {
  it('forgets a yes once its time is up', () => {
    let now = 1_000;
    const remembered = new RememberedAdmissions({ ms: 300, entries: 10 }, () => now);
    remembered.remember('a');
    now += 299;
    expect(remembered.has('a')).toBe(true);
    now += 1;
    expect(remembered.has('a')).toBe(false);
  });

  it('keeps at most its number of entries, dropping the least recently used', () => {
    const remembered = new RememberedAdmissions({ ms: 1000, entries: 2 }, () => 0);
    remembered.remember('a');
    remembered.remember('b');
    expect(remembered.has('a')).toBe(true);
    remembered.remember('c');
    expect(remembered.size).toBe(2);
    expect(remembered.has('b')).toBe(false);
    expect(remembered.has('a')).toBe(true);
    expect(remembered.has('c')).toBe(true);
  });

  it('keys a question by its gallery, version, pass and Authorization, holding neither credential', () => {
    const key = RememberedAdmissions.key({ code: CODE, pass: PASS }, 1);
    expect(key).not.toContain(PASS.slice(3));
    expect(RememberedAdmissions.key({ code: CODE, pass: PASS }, 2)).not.toBe(key);
    expect(RememberedAdmissions.key({ code: 'KXMP7TQS', pass: PASS }, 1)).not.toBe(key);
    expect(RememberedAdmissions.key({ code: CODE, authorization: PASS }, 1)).not.toBe(key);
  });
});
