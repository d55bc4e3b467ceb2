import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'graphql';
import type { ArchiveProgress } from '@gallery/contracts';
import { NatsArchiveProgressFeed } from './archive-progress.js';
import { LiveFanout } from './live-fanout.js';
import { GatewayNats } from '../nats/gateway-nats.js';

const ARCHIVE_PROGRESS = parse(`
  subscription ($eventCode: String!) { archiveProgress(eventCode: $eventCode) { jobId stage count total } }
`);

function setup() {
  const fanout = new LiveFanout();
  const warnings: string[] = [];
  const feed = new NatsArchiveProgressFeed(new GatewayNats('nats://unused'), fanout, {
    warn: (m) => warnings.push(m),
  });
  return { fanout, feed, warnings };
}

const encode = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

describe('archiveProgress subscription', () => {
  it("delivers a gallery's zip progress from NATS to its subscribers only, and skips broken messages", async () => {
    const { fanout, feed, warnings } = setup();
    const subscribe = async (eventCode: string) => {
      const result = await fanout.subscribe({
        schema: fanout.schema,
        document: ARCHIVE_PROGRESS,
        variableValues: { eventCode },
        contextValue: { fellBehind: () => undefined },
      });
      if (!(Symbol.asyncIterator in result)) throw new Error(JSON.stringify(result));
      return result;
    };
    const stream = await subscribe('kxmp7tqr');
    expect(fanout.listenerCount('KXMP7TQR')).toBe(1);
    const jobId = randomUUID();
    const progress: ArchiveProgress = {
      eventCode: 'KXMP7TQR',
      jobId,
      forGuests: true,
      stage: 'adding',
      count: 3,
      total: 9,
    };

    feed.receive(encode({ ...progress, eventCode: 'HAPPYYYY' }));
    feed.receive(encode({ ...progress, stage: 'bogus' }));
    feed.receive(encode(progress));
    expect(warnings).toHaveLength(1);
    expect((await stream.next()).value).toEqual({
      data: { archiveProgress: { jobId, stage: 'ADDING', count: 3, total: 9 } },
    });
    await stream.return?.();
    expect(fanout.listenerCount('KXMP7TQR')).toBe(0);

    const refused = await fanout.subscribe({
      schema: fanout.schema,
      document: ARCHIVE_PROGRESS,
      variableValues: { eventCode: 'nope' },
      contextValue: { fellBehind: () => undefined },
    });
    expect(Symbol.asyncIterator in refused).toBe(false);
  });

  it("hands guests' screens only the zips guests may read, the couple's every zip", async () => {
    const { fanout, feed } = setup();
    const subscribe = async (audience: 'guests' | 'couple') => {
      const result = await fanout.subscribe({
        schema: fanout.schema,
        document: ARCHIVE_PROGRESS,
        variableValues: { eventCode: 'KXMP7TQR' },
        contextValue: { fellBehind: () => undefined, admit: () => Promise.resolve(audience) },
      });
      if (!(Symbol.asyncIterator in result)) throw new Error(JSON.stringify(result));
      return result;
    };
    const guest = await subscribe('guests');
    const couple = await subscribe('couple');
    const step = { eventCode: 'KXMP7TQR', stage: 'complete', count: 2, total: 2 } as const;
    const originals = randomUUID();
    const olderService = randomUUID();
    const guestCopies = randomUUID();

    feed.receive(encode({ ...step, jobId: originals, forGuests: false }));
    feed.receive(encode({ ...step, jobId: olderService }));
    feed.receive(encode({ ...step, jobId: guestCopies, forGuests: true }));

    const jobIdOf = async (stream: AsyncIterableIterator<unknown>) =>
      ((await stream.next()).value as { data: { archiveProgress: { jobId: string } } }).data.archiveProgress
        .jobId;
    expect(await jobIdOf(guest)).toBe(guestCopies);
    expect([await jobIdOf(couple), await jobIdOf(couple), await jobIdOf(couple)]).toEqual([
      originals,
      olderService,
      guestCopies,
    ]);
    await guest.return?.();
    await couple.return?.();
  });
});
