import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import parsePrometheusTextFormat from 'parse-prometheus-text-format';
import { startTestPlatform, waitFor, type TestPlatform } from '@gallery/testing';
import { connect } from '@nats-io/transport-node';
import { Subjects } from '@gallery/contracts';
import { createGalleryAt, sendWithEveryCall, uploadGuestPhotos } from '../../web/e2e/product-api.js';
// @ts-expect-error plain ESM module shared with `npm start`
import { startProduct } from '../product.mjs';

// What an operator sees of the product on a busy night, as `npm start` runs it (real services, gateway,
// PostgreSQL, NATS and S3 server): every process's metrics in Prometheus's text format, a request's log lines in
// JSON with its id, and one guest's upload as one trace from the gateway through media to the live screens.

type Name = 'gateway' | 'events' | 'media' | 'billing' | 'download' | 'backup' | 'faces';
const PROCESSES: Name[] = ['gateway', 'events', 'media', 'billing', 'download', 'backup', 'faces'];

interface Product {
  url: string;
  metricsPorts: Record<Name, number>;
  stop(): Promise<void>;
}

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
}
interface ReceivedSpan extends OtlpSpan {
  service: string;
}

/** A small OTLP/HTTP (JSON) receiver: every span the processes export, with the service that sent it. */
async function startOtlpReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; close(): Promise<void> }> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: { stringValue?: string } }[] };
            scopeSpans: { spans: OtlpSpan[] }[];
          }[];
        };
        for (const { resource, scopeSpans } of body.resourceSpans) {
          const service =
            resource.attributes.find((attribute) => attribute.key === 'service.name')?.value.stringValue ??
            '';
          for (const scope of scopeSpans) for (const span of scope.spans) spans.push({ ...span, service });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe('what operators see', () => {
  let platform: TestPlatform | undefined;
  let product: Product | undefined;
  let receiver: Awaited<ReturnType<typeof startOtlpReceiver>> | undefined;
  let code: string;
  const lines: { name: string; line: string }[] = [];
  const screens: Client[] = [];

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    const tracing = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '200' };
    platform = await startTestPlatform();
    product = (await startProduct({
      platformEnv: platform.env,
      log: (name: string, line: string) => void lines.push({ name, line }),
      gatewayEnv: tracing,
      serviceEnv: Object.fromEntries(PROCESSES.map((name) => [name, tracing])),
    })) as Product;
    ({ code } = await createGalleryAt(product.url));
  }, 180_000);

  afterAll(async () => {
    for (const screen of screens.splice(0)) await screen.dispose();
    await product?.stop();
    await platform?.stop();
    await receiver?.close();
  }, 60_000);

  /** A screen on the gallery: the ids of the photos it is sent live. */
  function liveScreen(): string[] {
    const live: string[] = [];
    const screen = createClient({
      url: `${product!.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
    });
    screens.push(screen);
    screen.subscribe<{ photoAdded: { id: string } }>(
      { query: `subscription ($code: String!) { photoAdded(eventCode: $code) { id } }`, variables: { code } },
      {
        next: (result) => void (result.data && live.push(result.data.photoAdded.id)),
        error: () => undefined,
        complete: () => undefined,
      },
    );
    return live;
  }

  /** A guest uploads until one photo reaches the screen (its subscription is then known to be listening). */
  async function uploadSeenLive(live: string[]): Promise<string> {
    return waitFor(
      'a photo uploaded and seen live',
      async () => {
        const [id] = await uploadGuestPhotos(product!.url, code, 1);
        const seen = await waitFor('its delivery', async () => live.includes(id), 5000).catch(() => false);
        return seen ? id : undefined;
      },
      60_000,
    );
  }

  async function scrape(name: Name): Promise<ReturnType<typeof parsePrometheusTextFormat>> {
    const response = await fetch(`http://127.0.0.1:${product!.metricsPorts[name]}/metrics`);
    expect(response.status).toBe(200);
    return parsePrometheusTextFormat(await response.text());
  }

  function sampleOf(
    families: ReturnType<typeof parsePrometheusTextFormat>,
    name: string,
    labels: Record<string, string> = {},
  ): number | undefined {
    const family = families.find((candidate) => candidate.name === name);
    const sample = family?.metrics.find((metric) =>
      Object.entries(labels).every(([key, value]) => metric.labels?.[key] === value),
    );
    return sample === undefined ? undefined : Number(sample.value ?? sample.count);
  }

  it("serves every process's metrics in Prometheus's text format, the night's counts among them", async () => {
    const live = liveScreen();
    await uploadSeenLive(live);

    const families = Object.fromEntries(
      await Promise.all(PROCESSES.map(async (name) => [name, await scrape(name)] as const)),
    ) as Record<Name, ReturnType<typeof parsePrometheusTextFormat>>;
    for (const name of PROCESSES) {
      expect(sampleOf(families[name], 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    }
    expect(sampleOf(families.media, 'gallery_uploads_taken_total', { kind: 'photo' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(families.media.find((family) => family.name === 'gallery_photo_processing_seconds')?.type).toBe(
      'HISTOGRAM',
    );
    expect(sampleOf(families.media, 'gallery_outbox_events', { state: 'pending' })).toBeGreaterThanOrEqual(0);
    expect(sampleOf(families.events, 'gallery_outbox_events', { state: 'parked' })).toBe(0);
    // media's read model of galleries follows events' event.created.
    expect(
      families.media.find((family) => family.name === 'gallery_consumer_pending')?.metrics.length,
    ).toBeGreaterThan(0);
    // What faces scales on: no gallery here turned "Find me" on, so nothing waits.
    expect(sampleOf(families.faces, 'gallery_faces_index_backlog')).toBe(0);
    expect(sampleOf(families.gateway, 'gallery_live_sockets')).toBeGreaterThanOrEqual(1);
    expect(families.gateway.find((family) => family.name === 'gallery_http_request_seconds')?.type).toBe(
      'HISTOGRAM',
    );
    // Nothing waits once the photo is in: what media scales on is back to zero.
    expect(
      sampleOf(families.media, 'gallery_image_queue_jobs', {
        queue: 'confirmations',
        lane: 'urgent',
        state: 'waiting',
      }),
    ).toBe(0);
    expect(
      sampleOf(families.gateway, 'gallery_live_deliveries_total', { field: 'photoAdded' }),
    ).toBeGreaterThanOrEqual(1);
  }, 120_000);

  it('does not serve the metrics on the product port', async () => {
    const response = await fetch(`${product!.url}/metrics`);
    // The web app's page, as for any path it does not know.
    expect(await response.text()).not.toContain('process_cpu_user_seconds_total');
  });

  it('logs a request as JSON lines carrying its id, in the gateway and in the subgraph it called', async () => {
    const requestId = `night-${Date.now()}`;
    const response = await fetch(`${product!.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': requestId },
      body: JSON.stringify({
        query: 'query ($code: String!) { event(code: $code) { name } }',
        variables: { code },
      }),
    });
    expect(response.headers.get('x-request-id')).toBe(requestId);

    const logged = (name: string) =>
      lines
        .filter((entry) => entry.name === name && entry.line.startsWith('{'))
        .map((entry) => JSON.parse(entry.line) as Record<string, unknown>)
        .find((line) => line.requestId === requestId);
    const gatewayLine = await waitFor('the gateway to log the request', async () => logged('gateway'));
    const eventsLine = await waitFor('events to log the request', async () => logged('events'));
    expect(gatewayLine).toMatchObject({
      service: 'gateway',
      galleryCode: code,
      req: { method: 'POST', path: '/graphql' },
    });
    expect(eventsLine).toMatchObject({ service: 'events', galleryCode: code, res: { status: 200 } });
  });

  it('sends the id of the request that confirmed a photo with its photo.uploaded event', async () => {
    const requestId = `upload-${Date.now()}`;
    const nats = await connect({ servers: platform!.env.NATS_URL });
    try {
      const carried: (string | undefined)[] = [];
      nats.subscribe(Subjects.PhotoUploaded, {
        callback: (_error, message) => void carried.push(message.headers?.get('x-request-id')),
      });
      await nats.flush();
      sendWithEveryCall({ 'x-request-id': requestId });
      await uploadGuestPhotos(product!.url, code, 1);
      await waitFor('the event with the request id', async () => carried.includes(requestId));
    } finally {
      sendWithEveryCall({ 'x-request-id': '' });
      await nats.close();
    }
  });

  it('traces one upload from the gateway through media to the live delivery, as one trace', async () => {
    const live = liveScreen();
    await uploadSeenLive(live);

    const trace = await waitFor(
      'the trace of an upload delivered live',
      async () => {
        const deliveries = receiver!.spans.filter((span) => span.name === 'deliver photo.uploaded');
        for (const delivery of deliveries) {
          const spans = receiver!.spans.filter((span) => span.traceId === delivery.traceId);
          const services = new Set(spans.map((span) => span.service));
          if (services.has('gateway') && services.has('media')) return spans;
        }
        return undefined;
      },
      30_000,
    );
    const names = trace.map((span) => `${span.service}: ${span.name}`);
    expect(names).toEqual(
      expect.arrayContaining([
        'gateway: POST',
        'media: POST',
        'media: publish photo.uploaded',
        'gateway: deliver photo.uploaded',
      ]),
    );
    // One root, the guest's request as the gateway took it; every other span hangs from a span of the trace.
    const ids = new Set(trace.map((span) => span.spanId));
    const roots = trace.filter((span) => !span.parentSpanId || !ids.has(span.parentSpanId));
    expect(roots.map((span) => `${span.service}: ${span.name}`)).toEqual(['gateway: POST']);
  }, 120_000);
});
