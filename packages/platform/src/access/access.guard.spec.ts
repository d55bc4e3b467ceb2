import { describe, expect, it } from '@jest/globals';
import { Reflector, type ModuleRef } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import {
  DEMO_GALLERY_CODE,
  type GuestAdmissionRequest,
  type OwnerAuthorizationReply,
} from '@gallery/contracts';
import { AppError } from '../graphql/app-error.js';
import { AccessGuard } from './access.guard.js';
import { GuestOf, OwnerOnly, Public, SignedIn, type GalleryOfArgument } from './access-marks.js';
import { GuestAdmission } from './guest-admission.js';
import { OwnerAuthority } from './owner-authority.js';

const GALLERY = {
  code: 'KXMP7TQR',
  name: 'Sarah & Mike',
  plan: 'free' as const,
  createdAt: '2026-06-01T10:00:00.000Z',
  expiresAt: '2026-06-08T10:00:00.000Z',
};
const OWNER_TOKEN = 'the-owners-token';

/** Events' answer in miniature: one gallery, one owner token. */
class FakeAuthority extends OwnerAuthority {
  readonly asked: string[] = [];
  authorize(code: string, authorization: string): Promise<OwnerAuthorizationReply> {
    this.asked.push(code);
    if (code !== GALLERY.code) return Promise.resolve({ gallery: null, owner: null });
    const owner = authorization === `Bearer ${OWNER_TOKEN}` ? { email: 'sarah@example.com' } : null;
    return Promise.resolve({ gallery: GALLERY, owner });
  }
}

/** Events' admission in miniature: KXMP7TQR has a PIN whose one live pass is PASS. */
const PASS = 'p1.the-live-pass';
class FakeAdmission extends GuestAdmission {
  readonly asked: GuestAdmissionRequest[] = [];
  admits(request: GuestAdmissionRequest): Promise<boolean> {
    this.asked.push(request);
    return Promise.resolve(request.code !== GALLERY.code || request.pass === PASS);
  }
}

class PhotoGalleries implements GalleryOfArgument {
  galleryOf(photoId: string): Promise<string> {
    if (photoId === 'demo-photo') return Promise.resolve(DEMO_GALLERY_CODE);
    if (photoId !== 'photo-1') throw new AppError('PHOTO_NOT_FOUND');
    return Promise.resolve(GALLERY.code);
  }
}

class Operations {
  @Public() publicOne() {}
  @GuestOf('eventCode') guestOne() {}
  @SignedIn() signedInOne() {}
  @OwnerOnly('eventCode') ownerOne() {}
  @OwnerOnly('id', { gallery: PhotoGalleries }) ownerOfPhoto() {}
  @OwnerOnly('code') misnamed() {}
  unmarked() {}
}

function guard(authority = new FakeAuthority(), admission = new FakeAdmission()): AccessGuard {
  const moduleRef = { get: () => new PhotoGalleries() } as unknown as ModuleRef;
  return new AccessGuard(new Reflector(), authority, moduleRef, admission);
}

function call(
  operation: keyof Operations,
  args: Record<string, unknown>,
  token?: string,
  parentType = 'Mutation',
  pinPass?: string,
): ExecutionContextHost {
  return callIn({ authorization: token && `Bearer ${token}`, pinPass }, operation, args, parentType);
}

/** A field of the request whose context is `request`. */
function callIn(
  request: { authorization?: string; pinPass?: string },
  operation: keyof Operations,
  args: Record<string, unknown>,
  parentType = 'Mutation',
): ExecutionContextHost {
  const info = { parentType: { name: parentType }, fieldName: operation };
  const host = new ExecutionContextHost(
    [undefined, args, request, info],
    Operations,
    Operations.prototype[operation],
  );
  host.setType('graphql');
  return host;
}

async function refusal(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  );
}

describe('AccessGuard', () => {
  it("refuses every write to the demo gallery, a guest's or its owner's, before asking anyone; reads pass", async () => {
    const authority = new FakeAuthority();
    const admission = new FakeAdmission();
    const writes: [keyof Operations, Record<string, unknown>][] = [
      ['guestOne', { eventCode: 'happy-day' }],
      ['ownerOne', { eventCode: DEMO_GALLERY_CODE }],
      ['ownerOfPhoto', { id: 'demo-photo' }],
    ];
    for (const [operation, args] of writes) {
      expect(await refusal(guard(authority, admission).canActivate(call(operation, args, OWNER_TOKEN)))).toBe(
        'DEMO_READ_ONLY',
      );
    }
    expect([authority.asked, admission.asked]).toEqual([[], []]);
    const read = call('guestOne', { eventCode: DEMO_GALLERY_CODE }, undefined, 'Query');
    await expect(guard().canActivate(read)).resolves.toBe(true);
  });

  it('lets anyone call a public operation', async () => {
    await expect(guard().canActivate(call('publicOne', {}))).resolves.toBe(true);
  });

  it('lets whoever holds the code call a guest operation on a gallery without a PIN', async () => {
    await expect(guard().canActivate(call('guestOne', { eventCode: 'hwyc3nad' }))).resolves.toBe(true);
  });

  it('asks for the pass of a gallery with a PIN, and passes on what admission needs', async () => {
    const admission = new FakeAdmission();
    const refused = guard(undefined, admission).canActivate(
      call('guestOne', { eventCode: ' kxmp7tqr ' }, 'x'),
    );
    expect(await refusal(refused)).toBe('PIN_REQUIRED');
    expect(admission.asked).toEqual([{ code: 'KXMP7TQR', authorization: 'Bearer x' }]);
    const withPass = call('guestOne', { eventCode: 'KXMP7TQR' }, undefined, 'Query', PASS);
    await expect(guard().canActivate(withPass)).resolves.toBe(true);
  });

  it('asks once a request for fields of one gallery, and again for another request or a subscription', async () => {
    const admission = new FakeAdmission();
    const check = guard(undefined, admission);
    // A confirm carrying the next files' slot request: two guest fields of one request.
    const request = { pinPass: PASS };
    await expect(check.canActivate(callIn(request, 'guestOne', { eventCode: 'KXMP7TQR' }))).resolves.toBe(
      true,
    );
    await expect(check.canActivate(callIn(request, 'guestOne', { eventCode: 'kxmp7tqr' }))).resolves.toBe(
      true,
    );
    expect(admission.asked).toHaveLength(1);
    // Another gallery in the same request is its own question; so is the next request.
    await check.canActivate(callIn(request, 'guestOne', { eventCode: 'HWYC3NAD' }));
    await check.canActivate(callIn({ pinPass: PASS }, 'guestOne', { eventCode: 'KXMP7TQR' }));
    expect(admission.asked).toHaveLength(3);
    // A refusal stands for the rest of its request.
    const withoutPass = {};
    expect(await refusal(check.canActivate(callIn(withoutPass, 'guestOne', { eventCode: 'KXMP7TQR' })))).toBe(
      'PIN_REQUIRED',
    );
    expect(await refusal(check.canActivate(callIn(withoutPass, 'guestOne', { eventCode: 'KXMP7TQR' })))).toBe(
      'PIN_REQUIRED',
    );
    expect(admission.asked).toHaveLength(4);
    // A subscription's context lasts as long as its socket (a PIN may be set meanwhile): asked each time.
    const socket = { pinPass: PASS };
    await check.canActivate(callIn(socket, 'guestOne', { eventCode: 'KXMP7TQR' }, 'Subscription'));
    await check.canActivate(callIn(socket, 'guestOne', { eventCode: 'KXMP7TQR' }, 'Subscription'));
    expect(admission.asked).toHaveLength(6);
  });

  it('leaves a code that names no gallery to the resolver, asking nothing', async () => {
    const admission = new FakeAdmission();
    await expect(
      guard(undefined, admission).canActivate(call('guestOne', { eventCode: 'no such' })),
    ).resolves.toBe(true);
    expect(admission.asked).toEqual([]);
  });

  it('refuses a signed-in operation without a token', async () => {
    expect(await refusal(guard().canActivate(call('signedInOne', {})))).toBe('UNAUTHENTICATED');
    await expect(guard().canActivate(call('signedInOne', {}, 'any'))).resolves.toBe(true);
  });

  it('answers an owner operation by one rule: no token, unknown gallery, another token, the owner', async () => {
    const authority = new FakeAuthority();
    expect(await refusal(guard(authority).canActivate(call('ownerOne', { eventCode: 'KXMP7TQR' })))).toBe(
      'UNAUTHENTICATED',
    );
    expect(authority.asked).toEqual([]);
    expect(await refusal(guard().canActivate(call('ownerOne', { eventCode: 'HWYC3NAD' }, 'x')))).toBe(
      'GALLERY_NOT_FOUND',
    );
    expect(await refusal(guard().canActivate(call('ownerOne', { eventCode: 'no such' }, 'x')))).toBe(
      'GALLERY_NOT_FOUND',
    );
    expect(await refusal(guard().canActivate(call('ownerOne', { eventCode: 'KXMP7TQR' }, 'x')))).toBe(
      'NOT_GALLERY_OWNER',
    );
    await expect(
      guard().canActivate(call('ownerOne', { eventCode: ' kxmp7tqr ' }, OWNER_TOKEN)),
    ).resolves.toBe(true);
  });

  it('finds the gallery of an argument that is not a code, and that finder answers for an unknown one', async () => {
    await expect(guard().canActivate(call('ownerOfPhoto', { id: 'photo-1' }, OWNER_TOKEN))).resolves.toBe(
      true,
    );
    expect(await refusal(guard().canActivate(call('ownerOfPhoto', { id: 'photo-1' }, 'x')))).toBe(
      'NOT_GALLERY_OWNER',
    );
    expect(await refusal(guard().canActivate(call('ownerOfPhoto', { id: 'photo-2' }, OWNER_TOKEN)))).toBe(
      'PHOTO_NOT_FOUND',
    );
  });

  it('refuses an operation with no mark, or a mark naming no argument, as a bug', async () => {
    expect(await refusal(guard().canActivate(call('unmarked', {}, OWNER_TOKEN)))).toBe('INTERNAL');
    expect(await refusal(guard().canActivate(call('unmarked', {}, OWNER_TOKEN, 'Query')))).toBe('INTERNAL');
    expect(await refusal(guard().canActivate(call('misnamed', { eventCode: 'KXMP7TQR' }, OWNER_TOKEN)))).toBe(
      'INTERNAL',
    );
  });

  it('leaves fields that are not operations to their type', async () => {
    await expect(guard().canActivate(call('unmarked', {}, undefined, 'Event'))).resolves.toBe(true);
  });
});
