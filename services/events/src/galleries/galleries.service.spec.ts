import { describe, expect, it, jest } from '@jest/globals';
import { en, englishMessage, type OrderForm } from '@gallery/contracts';
import { AppError, type OutboxRelay } from '@gallery/platform';
import type { OrderEntity } from '../orders/order.entity.js';
import { OwnerTokens } from '../owners/owner-tokens.js';
import type { GalleryEntity } from './gallery.entity.js';
import type { GalleriesRepository } from './galleries.repository.js';
import { GalleriesService } from './galleries.service.js';
import type { GalleryCodes } from './gallery-codes.js';

const NOW = new Date('2026-11-22T10:00:00.000Z');

const form: OrderForm = {
  coupleNames: '  Sarah  & Mike ',
  weddingDate: '2027-06-12',
  location: 'Lyon, France',
  email: 'sarah@example.com',
  phone: '+33 6 12 34 56 78',
  plan: 'free',
};

/**
 * An in-memory GalleriesRepository for the business rules. What happens when a code is taken depends on the
 * database's unique constraint, so it is tested on PostgreSQL (test/gallery-codes.test.ts).
 */
class FakeGalleries {
  readonly events = new Map<string, GalleryEntity>();
  readonly orders: OrderEntity[] = [];

  async createWithOrder(event: GalleryEntity, order: OrderEntity): Promise<void> {
    this.events.set(event.code, { ...event });
    this.orders.push({ ...order });
  }
}

function setUp() {
  const galleries = new FakeGalleries();
  const codes = ['K7FEF99F', 'EQWN4WDN'];
  let next = 0;
  const relay = { kick: jest.fn() };
  const service = new GalleriesService(
    galleries as unknown as GalleriesRepository,
    new OwnerTokens({
      ownerTokenHash: async (code) => galleries.events.get(code)?.ownerTokenHash ?? null,
      sessionOwns: async () => false,
    }),
    { next: () => codes[next++] } as GalleryCodes,
    relay as unknown as OutboxRelay,
    {
      host: '127.0.0.1',
      port: 5101,
      databaseUrl: '',
      natsUrl: '',
      publicUrl: 'https://gallery.example',
      mail: null,
      contactTo: 'hello@gallery.example',
    },
  );
  return { service, galleries, relay };
}

async function validationFields(promise: Promise<unknown>): Promise<Record<string, string>> {
  const error = await promise.then(
    () => {
      throw new Error('expected VALIDATION_FAILED');
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).extensions.code).toBe('VALIDATION_FAILED');
  return (error as AppError).extensions.fields as Record<string, string>;
}

describe('GalleriesService.createGallery', () => {
  it('creates a free gallery that expires 7 days after its creation', async () => {
    const { service, galleries } = setUp();
    const created = await service.createGallery(form, NOW);

    expect(created.event).toMatchObject({
      code: 'K7FEF99F',
      name: 'Sarah & Mike',
      coupleNames: 'Sarah  & Mike',
      weddingDate: '2027-06-12',
      location: 'Lyon, France',
      plan: 'free',
      createdAt: NOW,
    });
    expect(created.event.expiresAt.toISOString()).toBe('2027-06-20T00:00:00.000Z');
    expect(created.paymentRequired).toBe(false);
    expect(created.galleryUrl).toBe('https://gallery.example/gallery/K7FEF99F');
    expect(galleries.orders).toEqual([
      expect.objectContaining({ eventCode: 'K7FEF99F', requestedPlan: 'free', status: 'fulfilled' }),
    ]);
  });

  it('stores only the hash of the owner token it returns', async () => {
    const { service, galleries } = setUp();
    const created = await service.createGallery(form, NOW);

    const stored = galleries.events.get(created.event.code)!;
    expect(stored.ownerTokenHash).toBe(OwnerTokens.hash(created.ownerToken));
    expect(JSON.stringify([stored, galleries.orders])).not.toContain(created.ownerToken);
  });

  it('keeps a paid package on the order, awaiting payment, and starts the gallery free', async () => {
    const { service, galleries } = setUp();
    const created = await service.createGallery({ ...form, plan: 'premium' }, NOW);

    expect(created.paymentRequired).toBe(true);
    expect(created.event.plan).toBe('free');
    expect(created.event.expiresAt.toISOString()).toBe('2027-06-20T00:00:00.000Z');
    expect(galleries.orders[0]).toMatchObject({
      requestedPlan: 'premium',
      status: 'awaiting_payment',
      email: 'sarah@example.com',
      phone: '+33 6 12 34 56 78',
    });
  });

  it('refuses an invalid form with every faulty field and its message key, storing nothing', async () => {
    const { service, galleries, relay } = setUp();
    const fields = await validationFields(
      service.createGallery({ ...form, coupleNames: 'Sarah', email: '', phone: '12345' }, NOW),
    );

    expect(fields).toEqual({
      coupleNames: 'validation.coupleNamesBoth',
      email: 'validation.emailRequired',
      phone: 'validation.phoneTooShort',
    });
    expect(englishMessage(fields.coupleNames as never)).toBe(en.validation.coupleNamesBoth);
    expect(galleries.events.size).toBe(0);
    expect(relay.kick).not.toHaveBeenCalled();
  });

  it('refuses a wedding date that is no calendar day', async () => {
    const { service, galleries } = setUp();
    await expect(
      validationFields(service.createGallery({ ...form, weddingDate: '2027-02-30' }, NOW)),
    ).resolves.toEqual({ weddingDate: 'validation.weddingDateInvalid' });
    expect(galleries.events.size).toBe(0);
  });

  it('asks the outbox relay to publish right after the gallery is stored', async () => {
    const { service, relay } = setUp();
    await service.createGallery(form, NOW);
    expect(relay.kick).toHaveBeenCalledTimes(1);
  });
});
