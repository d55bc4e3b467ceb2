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

  it('hands pending and later events to a consumer as they are pushed, and then only says when it ends', async () => {
    const queue = new EventQueue<number>(ignore, ignore, 2);
    queue.push(1);
    const consumed: number[] = [];
    queue.consume((value) => consumed.push(value));
    const ended = queue.next();
    for (let n = 2; n <= 5; n++) queue.push(n);

    // Past the capacity too: a consumer bounds its own backlog.
    expect(consumed).toEqual([1, 2, 3, 4, 5]);
    await queue.return();
    queue.push(6);
    expect(await ended).toEqual({ value: undefined, done: true });
    expect(consumed).toHaveLength(5);
  });

  it('hands out the first value before every event pushed while it was on its way, to a reader', async () => {
    const queue = new EventQueue<string>(ignore, ignore);
    let resolveFirst!: (value: string) => void;
    queue.startWith(new Promise<string>((resolve) => (resolveFirst = resolve)));
    const waiting = queue.next();
    queue.push('after 1');
    queue.push('after 2');
    await Promise.resolve();

    resolveFirst('state');
    expect(await waiting).toEqual({ value: 'state', done: false });
    expect(await queue.next()).toEqual({ value: 'after 1', done: false });
    expect(await queue.next()).toEqual({ value: 'after 2', done: false });
  });

  it('hands out the first value before what was pushed, to a consumer, and nothing first when there is none', async () => {
    const consumed: string[] = [];
    const queue = new EventQueue<string>(ignore, ignore);
    let resolveFirst!: (value: string | undefined) => void;
    const first = new Promise<string | undefined>((resolve) => (resolveFirst = resolve));
    queue.startWith(first);
    queue.push('after 1');
    queue.consume((value) => consumed.push(value));
    queue.push('after 2');
    expect(consumed).toEqual([]);

    resolveFirst('state');
    await first;
    await Promise.resolve();
    queue.push('after 3');
    expect(consumed).toEqual(['state', 'after 1', 'after 2', 'after 3']);

    const without: string[] = [];
    const other = new EventQueue<string>(ignore, ignore);
    const failed = Promise.reject(new Error('events did not answer'));
    other.startWith(failed);
    other.consume((value) => without.push(value));
    other.push('after');
    await failed.catch(() => undefined);
    await Promise.resolve();
    expect(without).toEqual(['after']);
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
