import { describe, expect, it, jest } from '@jest/globals';
import { API_LIMITS } from '@gallery/contracts';
import { EventQueue } from './event-queue.js';

const ignore = () => undefined;

describe('EventQueue', () => {
  it('hands events over in order, waiting when none is pending', async () => {
    const queue = new EventQueue<number>(ignore, ignore);
    const waiting = queue.next();
    queue.push(1);
    queue.push(2);

    expect(await waiting).toEqual({ value: 1, done: false });
    expect(await queue.next()).toEqual({ value: 2, done: false });
  });

  it('closes and says so when a subscriber that stopped reading falls behind, instead of dropping events', async () => {
    const onClose = jest.fn();
    const onOverflow = jest.fn();
    const queue = new EventQueue<number>(onClose, onOverflow, 2);
    [1, 2].forEach((n) => queue.push(n));
    expect(onOverflow).not.toHaveBeenCalled();

    queue.push(3);

    expect(onOverflow).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });

  it('holds as many events as the limits allow', () => {
    const onOverflow = jest.fn();
    const queue = new EventQueue<number>(ignore, onOverflow);

    for (let n = 0; n < API_LIMITS.eventsQueuedPerSubscription; n++) queue.push(n);
    expect(onOverflow).not.toHaveBeenCalled();
    queue.push(-1);
    expect(onOverflow).toHaveBeenCalledTimes(1);
  });

  it('tells its owner once when it closes and ignores later events', async () => {
    const onClose = jest.fn();
    const queue = new EventQueue<number>(onClose, ignore);

    await queue.return();
    queue.close();
    queue.push(1);

    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await queue.next()).toEqual({ value: undefined, done: true });
  });
});
