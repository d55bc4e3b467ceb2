import { describe, expect, it } from '@jest/globals';
import type { ShownMessage } from './graphql';
import { newest, withMessage } from './guestbookList';

function message(n: number, awaitingApproval = false): ShownMessage {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    eventCode: 'ABCD-EFGH',
    text: `Message ${n}`,
    guestName: null,
    createdAt: new Date(Date.UTC(2027, 5, 12, 20, 0, n)).toISOString(),
    awaitingApproval,
  };
}

describe('the guestbook list', () => {
  it('keeps every message newest first, each once', () => {
    const list = [message(2), message(1), message(3), message(2)].reduce(
      (known, next) => withMessage(known, next),
      [] as ShownMessage[],
    );
    expect(list.map((shown) => shown.text)).toEqual(['Message 3', 'Message 2', 'Message 1']);
  });

  it('holds only the newest it is asked to keep, however many arrive over a night', () => {
    let list: ShownMessage[] = [];
    for (let n = 1; n <= 300; n++) list = newest(withMessage(list, message(n)), 30);
    expect(list).toHaveLength(30);
    expect(list[0].text).toBe('Message 300');
    expect(list.at(-1)!.text).toBe('Message 271');
    // An older message read late does not push a newer one out.
    expect(newest(withMessage(list, message(5)), 30)).toEqual(list);
  });

  it('takes in a page of older messages whole, used as a reducer', () => {
    const shown = [message(60), message(59)];
    const older = Array.from({ length: 50 }, (_, index) => message(58 - index));
    const list = older.reduce(withMessage, shown);
    expect(list).toHaveLength(52);
    expect(list.at(-1)!.text).toBe('Message 9');
  });

  it("takes the waiting mark off its writer's message when it comes back approved", () => {
    const list = withMessage([message(1, true)], message(1));
    expect(list).toEqual([message(1)]);
  });
});
