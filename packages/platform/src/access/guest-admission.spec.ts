import { describe, expect, it } from '@jest/globals';
import type { GuestAdmissionRequest } from '@gallery/contracts';
import {
  GuestAdmission,
  KnownGalleryPins,
  KnownPinGuestAdmission,
  RememberedAdmissions,
  type KnownPin,
} from './guest-admission.js';

const CODE = 'KXMP7TQR';
const PASS = 'p1.the-live-pass';

class Pins extends KnownGalleryPins {
  readonly known = new Map<string, KnownPin>();
  pinOf(code: string): Promise<KnownPin | null> {
    return Promise.resolve(this.known.get(code) ?? null);
  }
}

/** Events in miniature: CODE admits PASS only; every question is kept. */
class Events extends GuestAdmission {
  readonly asked: GuestAdmissionRequest[] = [];
  live = new Set([PASS]);
  admits(request: GuestAdmissionRequest): Promise<boolean> {
    this.asked.push(request);
    return Promise.resolve(request.pass !== undefined && this.live.has(request.pass));
  }
}

function start() {
  const pins = new Pins();
  const events = new Events();
  return { pins, events, admission: new KnownPinGuestAdmission(pins, events) };
}

describe('KnownPinGuestAdmission', () => {
  it('admits every guest of a gallery known to have no PIN without asking events', async () => {
    const { pins, events, admission } = start();
    pins.known.set(CODE, { set: false, version: 2 });
    await expect(admission.admits({ code: CODE })).resolves.toBe(true);
    expect(events.asked).toHaveLength(0);
  });

  it('asks events about a gallery it knows nothing of, every time', async () => {
    const { events, admission } = start();
    await expect(admission.admits({ code: CODE, pass: PASS })).resolves.toBe(true);
    await expect(admission.admits({ code: CODE, pass: PASS })).resolves.toBe(true);
    await expect(admission.admits({ code: CODE })).resolves.toBe(false);
    expect(events.asked).toHaveLength(3);
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
    // The same pass with a token is another question.
    await admission.admits({ code: CODE, pass: PASS, authorization: 'Bearer x' });
    expect(events.asked).toHaveLength(7);
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
