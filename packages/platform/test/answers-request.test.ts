import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Inject, Module, type DynamicModule, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { trace } from '@opentelemetry/api';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import {
  GALLERY_CODE_ALPHABET,
  RequestContracts,
  type GalleryLookupReply,
  type GalleryLookupRequest,
  type RequestContract,
} from '@gallery/contracts';
import { startTestNats, type TestNats } from '@gallery/testing';
import {
  AnswersRequest,
  AppError,
  askService,
  currentRequestContext,
  EventBus,
  inSpan,
  runWithRequestContext,
  ServiceRequestServer,
} from '../src/index.js';

// Service requests on Nest's NATS transport, against a real nats-server: replicas of a service built as the
// services are (an @AnswersRequest handler in a controller, ServiceRequestServer in the service's queue group),
// and askService as every asker calls it.

const GALLERY = {
  code: 'KXMP7TQR',
  name: 'Sarah & Mike',
  plan: 'free' as const,
  createdAt: '2026-06-01T10:00:00.000Z',
  expiresAt: '2026-06-08T10:00:00.000Z',
};

/** What a replica's answers are made of, set by each test; what each replica was asked. */
const answers = { reply: (): unknown => ({ gallery: GALLERY }) };
const asked: { replica: string; code: string; requestId?: string; traceId?: string }[] = [];
const warnings: string[] = [];

const REPLICA = Symbol('replica');

@Controller()
class LookupResponder {
  constructor(@Inject(REPLICA) private readonly replica: string) {}

  @AnswersRequest(RequestContracts.GalleryLookup, { refusal: { gallery: null } })
  async answer(request: GalleryLookupRequest): Promise<GalleryLookupReply> {
    asked.push({
      replica: this.replica,
      code: request.code,
      requestId: currentRequestContext()?.requestId,
      traceId: trace.getActiveSpan()?.spanContext().traceId,
    });
    return answers.reply() as GalleryLookupReply;
  }
}

@Module({})
class ReplicaModule {
  static named(replica: string): DynamicModule {
    return {
      module: ReplicaModule,
      controllers: [LookupResponder],
      providers: [{ provide: REPLICA, useValue: replica }],
    };
  }
}

const spans = new tracing.InMemorySpanExporter();
const telemetry = new NodeSDK({
  spanProcessors: [new tracing.SimpleSpanProcessor(spans)],
  instrumentations: [],
  metricReaders: [],
  logRecordProcessors: [],
});

let nats: TestNats;
let asker: EventBus;
const replicas: { bus: EventBus; app: INestMicroservice }[] = [];

/** A replica of the answering service: its own connection, the service's queue group. */
async function startReplica(name: string): Promise<void> {
  const bus = await EventBus.connect(nats.url, name);
  const app = await NestFactory.createMicroservice(ReplicaModule.named(name), {
    strategy: new ServiceRequestServer(bus.nc, 'lookup-test'),
    logger: {
      log: () => undefined,
      error: (message: unknown) => warnings.push(String(message)),
      warn: (message: unknown) => warnings.push(String(message)),
    },
  });
  await app.listen();
  await bus.nc.flush();
  replicas.push({ bus, app });
}

beforeAll(async () => {
  telemetry.start();
  nats = await startTestNats({ monitor: true });
  asker = await EventBus.connect(nats.url, 'asker');
});

afterAll(async () => {
  for (const { app, bus } of replicas) {
    await app.close();
    await bus.close();
  }
  await asker?.close();
  await nats?.stop();
  await telemetry.shutdown();
});

async function unavailable(promise: Promise<unknown>): Promise<void> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('SERVICE_UNAVAILABLE');
}

/** GalleryLookup with a wait far longer than a test may last: only an answer or NATS's word ends it. */
const patientLookup: RequestContract<GalleryLookupRequest, GalleryLookupReply> = {
  ...RequestContracts.GalleryLookup,
  timeoutMs: 60 * 60 * 1000,
};

describe('service requests on Nest’s NATS transport', () => {
  it('is SERVICE_UNAVAILABLE at once when no service answers, without waiting out its time', async () => {
    const lines: string[] = [];
    await unavailable(
      askService(asker, patientLookup, { code: 'KXMP7TQR' }, { warn: (line) => lines.push(line) }),
    );
    expect(lines).toEqual(['rpc.events.gallery-lookup unanswered: no service answers it']);
  });

  it('has each request answered by one replica of the service', async () => {
    await startReplica('replica-a');
    await startReplica('replica-b');
    asked.splice(0);

    const codes = Array.from({ length: 20 }, (_, index) => `KXMP7T${GALLERY_CODE_ALPHABET[index]}R`);
    const replies = await Promise.all(codes.map((code) => askService(asker, patientLookup, { code })));

    expect(replies).toEqual(codes.map(() => ({ gallery: GALLERY })));
    expect(asked.map((entry) => entry.code).sort()).toEqual([...codes].sort());
  });

  it("asks and answers on each process's own connection, opening none", async () => {
    const connz = (await (await fetch(`${nats.monitorUrl}/connz?subs=1`)).json()) as {
      connections: { name?: string; subscriptions_list?: string[] }[];
    };
    expect(connz.connections.map((connection) => connection.name).sort()).toEqual([
      'asker',
      'replica-a',
      'replica-b',
    ]);
    const replica = connz.connections.find((connection) => connection.name === 'replica-a');
    expect(replica?.subscriptions_list).toContain(RequestContracts.GalleryLookup.subject);
  });

  it('answers a request that is not JSON or breaks its contract with the refusal, never asking the handler', async () => {
    asked.splice(0);
    for (const body of ['not json', JSON.stringify({ code: 'lower' })]) {
      const reply = await asker.nc.request(RequestContracts.GalleryLookup.subject, body, { timeout: 60_000 });
      expect(reply.json()).toEqual({ gallery: null });
    }
    expect(asked).toEqual([]);
  });

  it('sends no reply that breaks its contract: the asker hears SERVICE_UNAVAILABLE, the responder warns', async () => {
    answers.reply = () => ({ gallery: { ...GALLERY, code: 'not a code' } });
    warnings.splice(0);
    try {
      await unavailable(
        askService(asker, { ...RequestContracts.GalleryLookup, timeoutMs: 500 }, { code: 'KXMP7TQR' }),
      );
      expect(warnings).toEqual([
        expect.stringMatching(/^rpc\.events\.gallery-lookup not answered: ZodError/),
      ]);
    } finally {
      answers.reply = () => ({ gallery: GALLERY });
    }
  });

  it("carries the caller's request id and trace: the answer is a span of the asker's trace", async () => {
    asked.splice(0);
    spans.reset();
    const traceId = await runWithRequestContext({ requestId: 'night-42' }, () =>
      inSpan('guest request', 'server', undefined, {}, async () => {
        await askService(asker, patientLookup, { code: 'KXMP7TQR' });
        return trace.getActiveSpan()!.spanContext().traceId;
      }),
    );

    expect(asked).toEqual([expect.objectContaining({ code: 'KXMP7TQR', requestId: 'night-42', traceId })]);
    const finished = spans.getFinishedSpans();
    const ask = finished.find((span) => span.name === 'ask rpc.events.gallery-lookup')!;
    const answer = finished.find((span) => span.name === 'answer rpc.events.gallery-lookup')!;
    expect(answer.spanContext().traceId).toBe(traceId);
    expect(answer.parentSpanContext?.spanId).toBe(ask.spanContext().spanId);
  });
});
