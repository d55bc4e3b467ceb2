// @ts-check
// Whether the product has finished the work a bench's photos set off: every preview made after its photo's
// confirmation recorded, every event published and handled by every service's consumer. A bench reads the
// product's CPU once both hold, so the work it set off is all counted.
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { DOMAIN_STREAM } from '../packages/contracts/dist/index.js';
import { sleep } from './bench-run.mjs';

/**
 * Connects to media's database (`mediaDatabaseUrl`) and NATS, pushing their closing onto `cleanups`;
 * resolves with the two waits.
 */
export async function watchProductWork({ mediaDatabaseUrl, natsUrl }, cleanups) {
  const mediaDb = new pg.Client({ connectionString: mediaDatabaseUrl });
  await mediaDb.connect();
  cleanups.push(() => mediaDb.end());
  const nc = await connect({ servers: natsUrl });
  cleanups.push(() => nc.close());
  const jsm = await jetstreamManager(nc);

  /** Waits until every photo's preview, made after its confirmation, is recorded. */
  async function previewsDone() {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await mediaDb.query('SELECT count(*)::int AS n FROM photos WHERE preview_pending');
      if (rows[0].n === 0) return;
      if (Date.now() > deadline) throw new Error(`previews still pending after 2 min: ${rows[0].n}`);
      await sleep(20);
    }
  }

  /**
   * Waits until the events media recorded are published and every service's durable consumer has handled every
   * event: the work a burst set off is all done (and counted in its CPU), and nothing of a gallery's creation (its
   * order mail, the read models) runs into the next burst.
   */
  async function eventsHandled() {
    const deadline = Date.now() + 120_000;
    for (;;) {
      const { rows } = await mediaDb.query('SELECT count(*)::int AS n FROM outbox_events');
      const waiting = rows[0].n > 0 ? [`media's outbox (${rows[0].n})`] : [];
      for await (const consumer of jsm.consumers.list(DOMAIN_STREAM)) {
        const left = consumer.num_pending + consumer.num_ack_pending;
        if (left > 0) waiting.push(`${consumer.name} (${left})`);
      }
      if (waiting.length === 0) return;
      if (Date.now() > deadline) throw new Error(`events still waiting after 2 min: ${waiting.join(', ')}`);
      await sleep(20);
    }
  }

  return { previewsDone, eventsHandled };
}
