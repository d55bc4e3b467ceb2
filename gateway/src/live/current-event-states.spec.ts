import { describe, expect, it } from '@jest/globals';
import { CurrentEventStates } from './current-event-states.js';
import type { EventUpdate } from './live-schema.js';

/** Events in miniature: each question is answered when the test says, with the setting as it is then. */
function controlledEvents() {
  let allowed = false;
  const questions: { code: string; answer: () => void; fail: () => void }[] = [];
  const ask = (code: string) =>
    new Promise<EventUpdate | null>((resolve, reject) => {
      questions.push({
        code,
        // Read when answered, as events reads its table when the question arrives.
        answer: () =>
          resolve({
            code,
            plan: 'free',
            expiresAt: '2027-06-20T00:00:00.000Z',
            guestDownloadsAllowed: allowed,
          }),
        fail: () => reject(new Error('no answer')),
      });
    });
  return { ask, questions, allow: () => (allowed = true) };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('CurrentEventStates', () => {
  it('never gives a caller the answer to a question sent before it asked', async () => {
    const events = controlledEvents();
    const states = new CurrentEventStates(events.ask);
    const early = states.stateOf('KXMP7TQR');
    expect(events.questions).toHaveLength(1);

    // A screen subscribes while the first question is on its way, and the couple flips the setting: the first
    // answer may have been read before the flip, so the later screen waits for a question of its own.
    const late = states.stateOf('KXMP7TQR');
    events.allow();
    events.questions[0]!.answer();
    expect(await early).toMatchObject({ guestDownloadsAllowed: true });
    await settle();
    expect(events.questions).toHaveLength(2);
    events.questions[1]!.answer();
    expect(await late).toMatchObject({ guestDownloadsAllowed: true });
  });

  it('asks at most twice at a time per gallery, however many screens subscribe at once', async () => {
    const events = controlledEvents();
    const states = new CurrentEventStates(events.ask);
    const first = states.stateOf('KXMP7TQR');
    const walls = Array.from({ length: 1000 }, () => states.stateOf('KXMP7TQR'));
    const other = states.stateOf('HWYC3NAD');
    expect(events.questions.map((question) => question.code)).toEqual(['KXMP7TQR', 'HWYC3NAD']);

    events.questions[0]!.fail();
    await expect(first).rejects.toThrow('no answer');
    await settle();
    // The first question failed: the walls' own is sent all the same, once.
    expect(events.questions.map((question) => question.code)).toEqual(['KXMP7TQR', 'HWYC3NAD', 'KXMP7TQR']);
    events.questions[2]!.answer();
    events.questions[1]!.answer();
    const answers = await Promise.all(walls);
    expect(new Set(answers).size).toBe(1);
    expect(await other).toMatchObject({ code: 'HWYC3NAD' });

    // All answered: the next screen asks anew.
    void states.stateOf('KXMP7TQR');
    expect(events.questions).toHaveLength(4);
  });
});
