import { describe, expect, it } from '@jest/globals';
import { publishAsRelay } from './publish-as-relay.js';

class TimeoutError extends Error {
  constructor() {
    super('timeout');
    this.name = 'TimeoutError';
  }
}

/** A bus whose publishes fail with `failures` in turn, then succeed; it records every event sent. */
function busFailing(...failures: Error[]) {
  const sent: string[] = [];
  return {
    sent,
    async publish(event: string) {
      sent.push(event);
      const failure = failures.shift();
      if (failure) throw failure;
    },
  };
}

describe('publishAsRelay', () => {
  it('sends the same event again after an unacknowledged publish, as the relay does', async () => {
    const bus = busFailing(new TimeoutError(), new TimeoutError());
    await publishAsRelay(bus, 'event.created #1');
    expect(bus.sent).toEqual(['event.created #1', 'event.created #1', 'event.created #1']);
  });

  it('gives up after its attempts, with the last timeout', async () => {
    const bus = busFailing(new TimeoutError(), new TimeoutError(), new TimeoutError());
    await expect(publishAsRelay(bus, 'e', 3)).rejects.toThrow('timeout');
    expect(bus.sent).toHaveLength(3);
  });

  it('leaves any other failure to the test at once', async () => {
    const bus = busFailing(new Error('NATS disconnected'));
    await expect(publishAsRelay(bus, 'e')).rejects.toThrow('NATS disconnected');
    expect(bus.sent).toHaveLength(1);
  });
});
