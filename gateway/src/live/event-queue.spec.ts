import { describe, expect, it, jest } from '@jest/globals';
import { EventQueue } from './event-queue.js';

describe('EventQueue', () => {
  it('hands events over in order, waiting when none is pending', async () => {
    const queue = new EventQueue<number>(() => undefined);
    const waiting = queue.next();
    queue.push(1);
    queue.push(2);

    expect(await waiting).toEqual({ value: 1, done: false });
    expect(await queue.next()).toEqual({ value: 2, done: false });
  });

  it('drops the oldest events of a subscriber that stopped reading', async () => {
    const queue = new EventQueue<number>(() => undefined, 2);
    [1, 2, 3].forEach((n) => queue.push(n));

    expect(await queue.next()).toEqual({ value: 2, done: false });
    expect(await queue.next()).toEqual({ value: 3, done: false });
  });

  it('tells its owner once when it closes and ignores later events', async () => {
    const onClose = jest.fn();
    const queue = new EventQueue<number>(onClose);

    await queue.return();
    queue.close();
    queue.push(1);

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });
});
