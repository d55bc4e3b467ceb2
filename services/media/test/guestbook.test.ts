import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import {
  GUESTBOOK_LIMITS,
  MAX_REVIEW_BATCH,
  parseDomainEvent,
  GUEST_RATE_LIMITS,
  Subjects,
  type DomainEvent,
} from '@gallery/contracts';
import { EventBus, GuestIdentities } from '@gallery/platform';
import { waitFor } from '@gallery/testing';
import { publishPrivacy } from './events-stand-in.js';
import { ownerOf, startMedia, type GraphQLAnswer, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let bus: EventBus | undefined;
let db: DataSource;
let identities: GuestIdentities;

const graphql = <T>(query: string, variables: object, guestIdentity?: string, authorization?: string) =>
  media!.graphql<T>(query, variables, { guestIdentity, authorization, client: '203.0.113.7' });

const createGallery = () => media!.createGallery({ plan: 'free' });

const guest = (): string => identities.issue().token;

beforeAll(async () => {
  media = await startMedia({
    bucket: 'media-guestbook-test',
    owners: { plan: 'free', expiresInMs: 0 },
  });
  ({ bus, db, identities } = media);
});

afterAll(() => media?.stop());

const LEAVE = `mutation ($code: String!, $text: String!, $guestName: String) {
  leaveGuestbookMessage(eventCode: $code, text: $text, guestName: $guestName) { id eventCode text guestName createdAt }
}`;
type Left = GraphQLAnswer<{
  leaveGuestbookMessage: { id: string; eventCode: string; text: string; guestName: string | null };
}>;
const leave = (code: string, text: string, guestIdentity?: string, guestName?: string): Promise<Left> =>
  graphql(LEAVE, { code, text, guestName }, guestIdentity);
const BOOK = 'query ($code: String!) { guestbookMessages(eventCode: $code) { id text guestName } }';
const book = async (code: string) =>
  (
    await graphql<{ guestbookMessages: { id: string; text: string; guestName: string | null }[] }>(BOOK, {
      code,
    })
  ).data!.guestbookMessages;

describe('guestbook', () => {
  it("keeps a guest's message with their name, markup as typed, and publishes it through the outbox", async () => {
    const code = await createGallery();
    const posted: DomainEvent[] = [];
    const subscription = bus!.nc.subscribe(Subjects.GuestbookMessagePosted, {
      callback: (_error, message) => {
        posted.push(parseDomainEvent(message.data));
      },
    });
    const left = await leave(
      code,
      '  Congratulations <b>Sarah</b> &amp; Mike!\r\n\n\n\nLove, Anna  ',
      guest(),
      ' Anna ',
    );
    expect(left.errors).toBeUndefined();
    expect(left.data!.leaveGuestbookMessage).toMatchObject({
      text: 'Congratulations <b>Sarah</b> &amp; Mike!\n\nLove, Anna',
      guestName: 'Anna',
    });
    expect(await book(code)).toEqual([
      {
        id: left.data!.leaveGuestbookMessage.id,
        text: 'Congratulations <b>Sarah</b> &amp; Mike!\n\nLove, Anna',
        guestName: 'Anna',
      },
    ]);
    await waitFor('the posted event', () => Promise.resolve(posted.length > 0));
    subscription.unsubscribe();
    expect(posted[0].data).toMatchObject({
      message: { id: left.data!.leaveGuestbookMessage.id, eventCode: code },
    });
  });

  it('refuses empty, too long, too many lines, control and bidi characters, and a missing identity, each by code', async () => {
    const code = await createGallery();
    const refusal = async (text: string, identity: string | null = guest()) =>
      (await leave(code, text, identity ?? undefined)).errors?.[0].extensions;
    expect(await refusal('Hello', null)).toMatchObject({ code: 'GUEST_IDENTITY_REQUIRED' });
    expect(await refusal('   \n  ')).toMatchObject({ code: 'GUESTBOOK_MESSAGE_EMPTY' });
    expect(await refusal('é'.repeat(GUESTBOOK_LIMITS.messageChars))).toBeUndefined();
    expect(await refusal('x'.repeat(GUESTBOOK_LIMITS.messageChars + 1))).toMatchObject({
      code: 'GUESTBOOK_MESSAGE_TOO_LONG',
      count: GUESTBOOK_LIMITS.messageChars,
    });
    expect(await refusal('x'.repeat(100_000))).toMatchObject({ code: 'GUESTBOOK_MESSAGE_TOO_LONG' });
    expect(
      await refusal(Array.from({ length: GUESTBOOK_LIMITS.messageLines + 1 }, () => 'a').join('\n')),
    ).toMatchObject({
      code: 'GUESTBOOK_MESSAGE_TOO_MANY_LINES',
      count: GUESTBOOK_LIMITS.messageLines,
    });
    expect(await refusal('Hello\u0007')).toMatchObject({ code: 'GUESTBOOK_MESSAGE_FORBIDDEN_CHARACTERS' });
    expect(await refusal('Hello \u202Eevil')).toMatchObject({
      code: 'GUESTBOOK_MESSAGE_FORBIDDEN_CHARACTERS',
    });
    expect((await leave(code, 'Hi', guest(), 'A\u202Enna')).errors?.[0].extensions?.code).toBe(
      'GUEST_NAME_FORBIDDEN_CHARACTERS',
    );
    expect(await book(code)).toHaveLength(1);
  });

  it('cuts off a flood of messages from one guest with RATE_LIMITED', async () => {
    const code = await createGallery();
    const flooder = guest();
    for (let i = 0; i < GUEST_RATE_LIMITS.guestbookMessages.perGuest.points; i++) {
      expect((await leave(code, `Wish ${i}`, flooder)).errors).toBeUndefined();
    }
    expect((await leave(code, 'One more', flooder)).errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect((await leave(code, 'Another guest', guest())).errors).toBeUndefined();
  });

  it('lets only the couple remove a message, and says so to everyone else', async () => {
    const code = await createGallery();
    const { id } = (await leave(code, 'To be removed', guest())).data!.leaveGuestbookMessage;
    const REMOVE =
      'mutation ($code: String!, $id: ID!) { removeGuestbookMessage(eventCode: $code, id: $id) }';
    expect((await graphql(REMOVE, { code, id }, guest())).errors?.[0].extensions?.code).toBe(
      'UNAUTHENTICATED',
    );
    const other = await createGallery();
    expect(
      (await graphql(REMOVE, { code, id }, undefined, ownerOf(other))).errors?.[0].extensions?.code,
    ).toBe('NOT_GALLERY_OWNER');
    // Another couple cannot reach it through their own gallery either.
    expect(
      (await graphql(REMOVE, { code: other, id }, undefined, ownerOf(other))).errors?.[0].extensions?.code,
    ).toBe('GUESTBOOK_MESSAGE_NOT_FOUND');
    const removed = await graphql<{ removeGuestbookMessage: boolean }>(
      REMOVE,
      { code, id },
      undefined,
      ownerOf(code),
    );
    expect(removed.data?.removeGuestbookMessage).toBe(true);
    expect(await book(code)).toEqual([]);
  });
});

/** Turns on the couple's approval as events does, and waits until media's read model holds it. */
async function askForApproval(code: string): Promise<void> {
  await publishPrivacy(bus!, code, { approval: true });
  await waitFor('approval in the read model', async () => {
    const [row] = (await db.query('SELECT photo_approval AS approval FROM galleries WHERE code = $1', [
      code,
    ])) as { approval: boolean }[];
    return row.approval;
  });
}

type Shown = { id: string; text: string; awaitingApproval: boolean };
const BOOK_AS = 'query ($code: String!) { guestbookMessages(eventCode: $code) { id text awaitingApproval } }';
const bookAs = async (code: string, identity?: string): Promise<Shown[]> =>
  (await graphql<{ guestbookMessages: Shown[] }>(BOOK_AS, { code }, identity)).data!.guestbookMessages;
const LEAVE_MARKED = `mutation ($code: String!, $text: String!) {
  leaveGuestbookMessage(eventCode: $code, text: $text) { id text awaitingApproval }
}`;
const leaveMarked = async (code: string, text: string, identity: string, authorization?: string) => {
  const left = await graphql<{ leaveGuestbookMessage: Shown }>(
    LEAVE_MARKED,
    { code, text },
    identity,
    authorization,
  );
  expect(left.errors).toBeUndefined();
  return left.data!.leaveGuestbookMessage;
};
const QUEUE = `query ($code: String!, $state: ReviewQueueState) {
  reviewQueue(eventCode: $code, state: $state, first: 0) {
    waitingMessageCount hiddenMessageCount messages(first: 10) { nodes { id text awaitingApproval } hasMore }
  }
}`;
type Queue = {
  waitingMessageCount: number;
  hiddenMessageCount: number;
  messages: { nodes: Shown[]; hasMore: boolean };
};
const queue = async (code: string, state: 'WAITING' | 'HIDDEN' = 'WAITING') =>
  (await graphql<{ reviewQueue: Queue }>(QUEUE, { code, state }, undefined, ownerOf(code))).data!.reviewQueue;
const REVIEW =
  'mutation ($code: String!, $ids: [ID!]!, $decision: ReviewDecision!) { reviewGuestbookMessages(eventCode: $code, ids: $ids, decision: $decision) }';
const review = (code: string, ids: string[], decision: 'APPROVE' | 'HIDE', authorization = ownerOf(code)) =>
  graphql<{ reviewGuestbookMessages: number }>(REVIEW, { code, ids, decision }, undefined, authorization);

/** The ids of the messages media publishes as posted or removed, in the outbox's order. */
function listen(subject: typeof Subjects.GuestbookMessagePosted | typeof Subjects.GuestbookMessageRemoved) {
  const ids: string[] = [];
  const subscription = bus!.nc.subscribe(subject, {
    callback: (_error, message) => {
      const event = parseDomainEvent(message.data) as DomainEvent<typeof subject>;
      ids.push('message' in event.data ? event.data.message.id : event.data.id);
    },
  });
  return { ids, stop: () => subscription.unsubscribe() };
}

describe('guestbook under the couple’s approval', () => {
  it('keeps a guest’s message from others and from screens until the couple approves it, then publishes it once', async () => {
    const code = await createGallery();
    await askForApproval(code);
    const posted = listen(Subjects.GuestbookMessagePosted);
    const writer = guest();
    const waiting = await leaveMarked(code, 'Waiting wish', writer);
    expect(waiting.awaitingApproval).toBe(true);

    // Others see nothing of it; its writer sees it, marked; the couple has it on the queue.
    expect(await bookAs(code, guest())).toEqual([]);
    expect(await bookAs(code)).toEqual([]);
    expect(await bookAs(code, writer)).toEqual([
      { id: waiting.id, text: 'Waiting wish', awaitingApproval: true },
    ]);
    expect(await queue(code)).toEqual({
      waitingMessageCount: 1,
      hiddenMessageCount: 0,
      messages: { nodes: [{ id: waiting.id, text: 'Waiting wish', awaitingApproval: true }], hasMore: false },
    });

    // The couple's own message needs no approval and is published at once: one outbox, in order, so the
    // waiting one, had it been published, would have come first.
    const ownMessage = await leaveMarked(code, 'From us', guest(), ownerOf(code));
    expect(ownMessage.awaitingApproval).toBe(false);
    await waitFor('the couple’s message published', () =>
      Promise.resolve(posted.ids.includes(ownMessage.id)),
    );
    expect(posted.ids).toEqual([ownMessage.id]);

    // Approved twice: published once, and shown to everyone unmarked, where it was written.
    expect((await review(code, [waiting.id], 'APPROVE')).data?.reviewGuestbookMessages).toBe(2);
    expect((await review(code, [waiting.id], 'APPROVE')).data?.reviewGuestbookMessages).toBe(2);
    const marker = await leaveMarked(code, 'Later, from us', guest(), ownerOf(code));
    await waitFor('the later message published', () => Promise.resolve(posted.ids.includes(marker.id)));
    posted.stop();
    expect(posted.ids).toEqual([ownMessage.id, waiting.id, marker.id]);
    expect((await bookAs(code, guest())).map((message) => [message.id, message.awaitingApproval])).toEqual([
      [marker.id, false],
      [ownMessage.id, false],
      [waiting.id, false],
    ]);
    expect((await queue(code)).waitingMessageCount).toBe(0);
  });

  it('never shows a hidden message, not even to its writer, and publishes its removal', async () => {
    const code = await createGallery();
    await askForApproval(code);
    const posted = listen(Subjects.GuestbookMessagePosted);
    const removed = listen(Subjects.GuestbookMessageRemoved);
    const writer = guest();
    const hidden = await leaveMarked(code, 'Not for the wall', writer);
    const shown = await leaveMarked(code, 'Lovely day', guest());
    expect((await review(code, [shown.id], 'APPROVE')).data?.reviewGuestbookMessages).toBe(1);
    expect((await review(code, [hidden.id], 'HIDE')).data?.reviewGuestbookMessages).toBe(1);
    // Its writer's screen drops it; posted only for the approved one, in the outbox's order.
    await waitFor('the removal published', () => Promise.resolve(removed.ids.includes(hidden.id)));
    expect(posted.ids).toEqual([shown.id]);
    posted.stop();
    removed.stop();
    expect((await bookAs(code, writer)).map((message) => message.id)).toEqual([shown.id]);
    expect((await bookAs(code, guest())).map((message) => message.id)).toEqual([shown.id]);
    const hiddenTab = await queue(code, 'HIDDEN');
    expect(hiddenTab.hiddenMessageCount).toBe(1);
    expect(hiddenTab.messages.nodes).toEqual([
      { id: hidden.id, text: 'Not for the wall', awaitingApproval: false },
    ]);
  });

  it('lets only the couple decide, at most a batch at once, on their own gallery’s messages', async () => {
    const code = await createGallery();
    await askForApproval(code);
    const { id } = await leaveMarked(code, 'Hi', guest());
    expect((await review(code, [id], 'APPROVE', '')).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const other = await createGallery();
    expect((await review(code, [id], 'APPROVE', ownerOf(other))).errors?.[0].extensions?.code).toBe(
      'NOT_GALLERY_OWNER',
    );
    expect((await review(other, [id], 'APPROVE')).errors?.[0].extensions?.code).toBe(
      'REVIEW_MESSAGE_NOT_FOUND',
    );
    expect((await review(code, [id, 'not-an-id'], 'APPROVE')).errors?.[0].extensions?.code).toBe(
      'REVIEW_MESSAGE_NOT_FOUND',
    );
    const tooMany = Array.from({ length: MAX_REVIEW_BATCH + 1 }, () => randomUUID());
    expect((await review(code, tooMany, 'HIDE')).errors?.[0].extensions).toMatchObject({
      code: 'REVIEW_MESSAGE_BATCH_TOO_LARGE',
      count: MAX_REVIEW_BATCH,
    });
    // Nothing changed: it still waits.
    expect((await queue(code)).messages.nodes.map((message) => message.id)).toEqual([id]);
  });
});
