import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { caughtMail } from '@gallery/local-servers';
import { GUEST_RATE_LIMITS, RATE_LIMITS, type ErrorCode } from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, GUEST_IDENTITY_HEADER, GuestIdentities } from '@gallery/platform';
import { waitFor } from '@gallery/testing';
import { startEvents, type EventsHarness, type GraphQLBody } from './harness.js';

const CREATE = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) { event { code } ownerToken }
}`;
const READ = `query Read($code: String!) { event(code: $code) { code } }`;
const SET_PIN = `mutation SetPin($code: String!, $pin: String) {
  setGalleryPin(eventCode: $code, pin: $pin) { code pinProtected }
}`;
const ENTER = `mutation Enter($code: String!, $pin: String!) {
  enterGalleryPin(code: $code, pin: $pin) { pass }
}`;

/** A guest of the venue: the one address every guest there shares, and the browser's own signed identity. */
interface Guest {
  address: string;
  identity?: string;
}

/**
 * A wedding venue as the gallery sees it: hundreds of guests behind one public address (the venue's NAT, a
 * carrier's CGNAT), each with the identity its browser was given. Guests are counted as people, not addresses.
 */
/**
 * Guests of one venue in the tests below: more than one address was once allowed in all (10 mistyped codes, 5
 * wrong PINs), few enough for their PIN checks (scrypt, on purpose slow) to stay quick.
 */
const VENUE_GUESTS = 12;

describe('events service: guests behind one address', () => {
  let events: EventsHarness | undefined;
  const key = randomUUID() + randomUUID();
  const identities = new GuestIdentities(key);

  async function graphql<Data = Record<string, unknown>>(
    query: string,
    variables: object,
    guest: Guest,
    token?: string,
  ): Promise<GraphQLBody<Data>> {
    const call = request(events!.app.getHttpServer())
      .post('/graphql')
      .set(CLIENT_ADDRESS_HEADER, guest.address)
      .send({ query, variables });
    if (guest.identity) call.set(GUEST_IDENTITY_HEADER, guest.identity);
    if (token) call.set('Authorization', `Bearer ${token}`);
    return (await call).body as GraphQLBody<Data>;
  }
  const errorCode = (body: GraphQLBody<unknown>) =>
    body.errors?.[0]?.extensions.code as ErrorCode | undefined;

  /** `count` guests of one venue, each with an identity of their own. */
  function venueGuests(count: number, address = `venue-${randomUUID()}`): Guest[] {
    return Array.from({ length: count }, () => ({ address, identity: identities.issue().token }));
  }

  async function order(email = `${randomUUID()}@example.com`): Promise<{ code: string; ownerToken: string }> {
    const body = await graphql<{ createGallery: { event: { code: string }; ownerToken: string } }>(
      CREATE,
      {
        input: {
          coupleNames: 'Sarah & Mike',
          weddingDate: new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10),
          location: 'Lyon, France',
          email,
          phone: '+33 6 12 34 56 78',
          plan: 'FREE',
        },
      },
      { address: `couple-${randomUUID()}` },
    );
    expect(body.errors).toBeUndefined();
    return { code: body.data!.createGallery.event.code, ownerToken: body.data!.createGallery.ownerToken };
  }

  async function orderWithPin(pin: string, email?: string) {
    const gallery = await order(email);
    const set = await graphql(
      SET_PIN,
      { code: gallery.code, pin },
      { address: 'couple' },
      gallery.ownerToken,
    );
    expect(set.errors).toBeUndefined();
    return gallery;
  }

  const mistyped = () => `QQQQ${Math.floor(Math.random() * 10_000)}`.slice(0, 8);
  const lookUp = (code: string, guest: Guest) =>
    graphql<{ event: { code: string } | null }>(READ, { code }, guest);
  const enter = (code: string, pin: string, guest: Guest) => graphql(ENTER, { code, pin }, guest);

  beforeAll(async () => {
    events = await startEvents({
      busName: 'events-venue-guests-test',
      mail: true,
      config: { guestIdentityKey: key },
    });
  });

  afterAll(() => events?.stop());

  it('lets a venue of guests mistype the code, then each finds the gallery', async () => {
    const { code } = await order();
    const guests = venueGuests(VENUE_GUESTS);
    for (const guest of guests) expect(await lookUp(mistyped(), guest)).toEqual({ data: { event: null } });
    for (const guest of guests) expect((await lookUp(code, guest)).data?.event?.code).toBe(code);
  });

  it('holds back one guest guessing codes without holding back the others at the venue', async () => {
    const { code } = await order();
    const [guesser, neighbour] = venueGuests(2);
    for (let i = 0; i < GUEST_RATE_LIMITS.unknownCodeLookups.perGuest.points; i++)
      await lookUp(mistyped(), guesser);
    expect(errorCode(await lookUp(mistyped(), guesser))).toBe('RATE_LIMITED');
    // Refused for a found gallery too, or the refusal would tell codes apart.
    expect(errorCode(await lookUp(code, guesser))).toBe('RATE_LIMITED');
    expect((await lookUp(code, neighbour)).data?.event?.code).toBe(code);
  });

  it('bounds a script that mints identities by its address: fresh identities do not buy more guesses', async () => {
    const { perAddress } = GUEST_RATE_LIMITS.unknownCodeLookups;
    const script = venueGuests(perAddress.points + 1);
    for (const guest of script.slice(0, perAddress.points)) await lookUp(mistyped(), guest);
    expect(errorCode(await lookUp(mistyped(), script[perAddress.points]))).toBe('RATE_LIMITED');
    // Another address is not held back by it.
    expect(await lookUp(mistyped(), venueGuests(1)[0])).toEqual({ data: { event: null } });
  });

  it('counts a caller without an identity as one guest of its address', async () => {
    const address = `no-identity-${randomUUID()}`;
    for (let i = 0; i < GUEST_RATE_LIMITS.unknownCodeLookups.perGuest.points; i++)
      await lookUp(mistyped(), { address });
    expect(errorCode(await lookUp(mistyped(), { address }))).toBe('RATE_LIMITED');
    // A forged identity is no identity: it counts as the address too.
    const forged = `g1.${'A'.repeat(22)}.${'B'.repeat(43)}`;
    expect(errorCode(await lookUp(mistyped(), { address, identity: forged }))).toBe('RATE_LIMITED');
    expect(await lookUp(mistyped(), venueGuests(1, address)[0])).toEqual({ data: { event: null } });
  });

  it('lets a venue of guests who mistype the PIN in, each with the right one afterwards', async () => {
    const { code } = await orderWithPin('482193');
    const guests = venueGuests(VENUE_GUESTS);
    for (const guest of guests) expect(errorCode(await enter(code, '000000', guest))).toBe('PIN_WRONG');
    for (const guest of guests) expect((await enter(code, '482193', guest)).errors).toBeUndefined();
  });

  it('holds back one guest trying PINs without holding back the others at the venue', async () => {
    const { code } = await orderWithPin('4821');
    const [guesser, neighbour] = venueGuests(2);
    for (let i = 0; i < GUEST_RATE_LIMITS.pinAttempts.perGuest.points; i++)
      expect(errorCode(await enter(code, `000${i}`, guesser))).toBe('PIN_WRONG');
    expect(errorCode(await enter(code, '4821', guesser))).toBe('RATE_LIMITED');
    expect((await enter(code, '4821', neighbour)).errors).toBeUndefined();
  });

  it("holds the gallery's daily ceiling of wrong PINs across addresses and identities, and mails the couple once", async () => {
    const email = `couple-${randomUUID()}@example.com`;
    const { code, ownerToken } = await orderWithPin('4821', email);
    const { points, durationSeconds } = RATE_LIMITS.pinFailuresPerGallery;
    // The day so far, as a botnet spent it, each try from an address and an identity of its own; the last few
    // tries are made here.
    const madeHere = 5;
    await events!.db.query('INSERT INTO rate_limits (key, points, expire) VALUES ($1, $2, $3)', [
      `pinFailuresPerGallery:${code}`,
      points - madeHere,
      Date.now() + durationSeconds * 1000,
    ]);
    for (let i = 0; i < madeHere; i++)
      expect(errorCode(await enter(code, '0000', venueGuests(1)[0]))).toBe('PIN_WRONG');
    const newGuest = venueGuests(1)[0];
    expect(errorCode(await enter(code, '4821', newGuest))).toBe('RATE_LIMITED');
    expect(errorCode(await enter(code, '1234', venueGuests(1)[0]))).toBe('RATE_LIMITED');
    // Another gallery is not held back by it.
    const other = await orderWithPin('4821');
    expect((await enter(other.code, '4821', newGuest)).errors).toBeUndefined();

    const mails = () =>
      caughtMail(events!.mail!.webUrl).then((all) =>
        all.filter((m) => m.to.some((to) => to.address === email)),
      );
    const guessing = (all: Awaited<ReturnType<typeof mails>>) =>
      all.filter((m) => m.subject === `Someone is guessing the PIN of your gallery ${code}`);
    const sent = await waitFor('the mail to the couple', async () => guessing(await mails())[0]);
    expect(sent.text).toContain(`${points} wrong PINs were tried at your gallery ${code} today`);
    expect(sent.text).toContain(`https://gallery.test/gallery/${code}`);
    expect(sent.text).not.toContain('4821');

    // A new PIN lets guests in at once: the guesses at the old one say nothing about it.
    await graphql(SET_PIN, { code, pin: '730512' }, { address: 'couple' }, ownerToken);
    expect((await enter(code, '730512', newGuest)).errors).toBeUndefined();
    expect(guessing(await mails())).toHaveLength(1);
  });
});
