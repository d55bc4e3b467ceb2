import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CHALLENGE_LIMITS,
  DOMAIN_STREAM,
  englishMessage,
  parseDomainEvent,
  Subjects,
  type DomainEvent,
} from '@gallery/contracts';
import { waitFor } from '@gallery/testing';
import { startEvents, type EventsHarness, type GraphQLBody } from './harness.js';

interface Prompt {
  id: string;
  prompt: string;
}

const SET = `mutation Set($eventCode: String!, $challenges: [ChallengePromptInput!]!) {
  setChallenges(eventCode: $eventCode, challenges: $challenges) { id prompt }
}`;
const READ = `query Read($code: String!) { event(code: $code) { challengePrompts { id prompt } } }`;

describe('events service: photo challenges', () => {
  let events: EventsHarness | undefined;

  const graphql = <Data = Record<string, unknown>>(query: string, variables: object = {}, token?: string) =>
    events!.graphql<Data>(query, variables, token);
  const order = () => events!.orderGallery();

  async function setChallenges(code: string, token: string, challenges: { id?: string; prompt: string }[]) {
    return graphql<{ setChallenges: Prompt[] }>(SET, { eventCode: code, challenges }, token);
  }

  /** The newest event.challenges-changed of gallery `code` on the domain stream once it holds `count` challenges. */
  async function publishedList(code: string, count: number) {
    const consumer = await events!.bus.js.consumers.get(DOMAIN_STREAM, {
      filter_subjects: Subjects.ChallengesChanged,
    });
    return waitFor(`event.challenges-changed of ${code} with ${count}`, async () => {
      const message = await consumer.next({ expires: 1000 });
      if (!message) return null;
      const { data } = parseDomainEvent(message.data) as DomainEvent<typeof Subjects.ChallengesChanged>;
      return data.code === code && data.challenges.length === count ? data : null;
    });
  }

  const errorOf = (body: GraphQLBody<unknown>) => body.errors?.[0];

  beforeAll(async () => {
    events = await startEvents({ busName: 'challenges-test' });
  });

  afterAll(() => events?.stop());

  it("keeps the couple's list in order, cleaned, and publishes it whole for media", async () => {
    const { code, ownerToken } = await order();
    const saved = await setChallenges(code, ownerToken, [
      { prompt: '  A selfie   with the bride ' },
      { prompt: '<b>The best dance move</b>' },
    ]);
    expect(saved.errors).toBeUndefined();
    const list = saved.data!.setChallenges;
    // Markup is kept as the characters typed: the pages show it as text.
    expect(list.map((challenge) => challenge.prompt)).toEqual([
      'A selfie with the bride',
      '<b>The best dance move</b>',
    ]);
    const read = await graphql<{ event: { challengePrompts: Prompt[] } }>(READ, { code });
    expect(read.data!.event.challengePrompts).toEqual(list);
    expect(await publishedList(code, 2)).toEqual({ code, challenges: list });
  });

  it('keeps the id of an edited challenge, so its photos keep it, and gives new ones new ids', async () => {
    const { code, ownerToken } = await order();
    const [first, second] = (
      await setChallenges(code, ownerToken, [{ prompt: 'First dance' }, { prompt: 'Cake' }])
    ).data!.setChallenges;
    const edited = await setChallenges(code, ownerToken, [
      { id: second.id, prompt: 'The cake before it is cut' },
      { prompt: 'The youngest guest' },
      // An id that is not one of this gallery's challenges is a new challenge.
      { id: randomUUID(), prompt: 'Shoes' },
    ]);
    const list = edited.data!.setChallenges;
    expect(list[0]).toEqual({ id: second.id, prompt: 'The cake before it is cut' });
    expect(new Set(list.map((challenge) => challenge.id)).size).toBe(3);
    expect(list.map((challenge) => challenge.id)).not.toContain(first.id);
    expect((await publishedList(code, 3)).challenges).toEqual(list);

    const cleared = await setChallenges(code, ownerToken, []);
    expect(cleared.data!.setChallenges).toEqual([]);
    expect(await publishedList(code, 0)).toEqual({ code, challenges: [] });
  });

  it(`refuses more than ${CHALLENGE_LIMITS.promptsPerGallery} challenges and leaves the list as it was`, async () => {
    const { code, ownerToken } = await order();
    await setChallenges(code, ownerToken, [{ prompt: 'Kept' }]);
    const many = Array.from({ length: CHALLENGE_LIMITS.promptsPerGallery + 1 }, (_, n) => ({
      prompt: `P ${n}`,
    }));
    const refused = errorOf(await setChallenges(code, ownerToken, many));
    expect(refused?.extensions.code).toBe('CHALLENGES_TOO_MANY');
    expect(refused?.message).toBe('A gallery can have at most 30 challenges.');
    const thirty = many.slice(0, CHALLENGE_LIMITS.promptsPerGallery);
    expect((await setChallenges(code, ownerToken, thirty)).data!.setChallenges).toHaveLength(30);
  });

  it('refuses a prompt too long, empty, or with control or text-direction characters, saying which', async () => {
    const { code, ownerToken } = await order();
    await setChallenges(code, ownerToken, [{ prompt: 'Kept' }]);
    const at80 = 'é'.repeat(CHALLENGE_LIMITS.promptChars);
    expect((await setChallenges(code, ownerToken, [{ prompt: at80 }])).errors).toBeUndefined();

    const cases: [string, string, string][] = [
      [`${at80}x`, 'CHALLENGE_PROMPT_TOO_LONG', 'Please keep each challenge to 80 characters.'],
      ['x'.repeat(100_000), 'CHALLENGE_PROMPT_TOO_LONG', 'Please keep each challenge to 80 characters.'],
      ['   ', 'CHALLENGE_PROMPT_EMPTY', englishMessage('errors.CHALLENGE_PROMPT_EMPTY')],
      [
        'Dance\u202Eevom',
        'CHALLENGE_PROMPT_FORBIDDEN_CHARACTERS',
        englishMessage('errors.CHALLENGE_PROMPT_FORBIDDEN_CHARACTERS'),
      ],
      [
        'Two\nlines',
        'CHALLENGE_PROMPT_FORBIDDEN_CHARACTERS',
        englishMessage('errors.CHALLENGE_PROMPT_FORBIDDEN_CHARACTERS'),
      ],
    ];
    for (const [prompt, code_, message] of cases) {
      const refused = errorOf(await setChallenges(code, ownerToken, [{ prompt: 'Fine' }, { prompt }]));
      expect({
        code: refused?.extensions.code,
        index: refused?.extensions.index,
        message: refused?.message,
      }).toEqual({
        code: code_,
        index: 1,
        message,
      });
    }
    // A NUL anywhere in a request is refused before any resolver, for every argument of every service.
    const nul = errorOf(
      await setChallenges(code, ownerToken, [{ prompt: 'Fine' }, { prompt: 'Dance\u0000move' }]),
    );
    expect(nul?.extensions.code).toBe('BAD_USER_INPUT');
    const read = await graphql<{ event: { challengePrompts: Prompt[] } }>(READ, { code });
    expect(read.data!.event.challengePrompts.map((challenge) => challenge.prompt)).toEqual([at80]);
  });

  it('lets only the owner change the challenges', async () => {
    const { code } = await order();
    const other = await order();
    expect(errorOf(await setChallenges(code, '', [{ prompt: 'x' }]))?.extensions.code).toBe(
      'UNAUTHENTICATED',
    );
    expect(errorOf(await setChallenges(code, other.ownerToken, [{ prompt: 'x' }]))?.extensions.code).toBe(
      'NOT_GALLERY_OWNER',
    );
  });
});
