import { headers as natsHeaders } from '@nats-io/transport-node';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { NatsRecord } from '@nestjs/microservices/record-builders/nats.record-builder.js';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import type { RequestContract } from '@gallery/contracts';
import { AppError } from '../graphql/app-error.js';
import { describeError } from '../logging/describe-error.js';
import { carriedHeaders, inSpan } from '../observability/trace-context.js';
import type { ServiceRequestClient } from './service-request-client.js';

/** What askService needs: the process's one Nest NATS client (an EventBus's, or the gateway's GatewayNats's). */
export interface ServiceRequester {
  readonly requests: ServiceRequestClient;
}

/**
 * How long a service waits for another's answer. Every responder reads a few indexed rows (the largest answer is
 * one page of GALLERY_PHOTOS_PAGE_LIMIT photo rows, tens of milliseconds), so 3 s is far above a healthy answer
 * even with a busy database or a garbage-collection pause, and short enough that a guest or the couple hears
 * "try again" rather than watching a spinner when the other service is down.
 */
export const SERVICE_REQUEST_TIMEOUT_MS = 3000;

/** Where askService's warnings go (a Nest Logger fits). */
export interface ServiceRequestLog {
  warn(message: string): void;
}

/** Why a request went unanswered, for the warning (Nest's client calls NATS's "no responders" an empty response). */
function whyUnanswered(error: unknown): string {
  if (error instanceof TimeoutError) return 'no answer in time';
  if (error instanceof EmptyResponseException) return 'no service answers it';
  return describeError(error);
}

/**
 * Asks another service with Nest's NATS transport (`ClientProxy.send`): the request checked against its contract
 * on the way out, the reply on the way in, the request id and trace context in NATS headers (the responder's span
 * and log lines join the caller's). No responder (NATS says so at once), no answer within the contract's time
 * (SERVICE_REQUEST_TIMEOUT_MS unless it says), no connection, or a reply that breaks its contract:
 * SERVICE_UNAVAILABLE, the error a caller may retry.
 */
export async function askService<Request, Reply>(
  requester: ServiceRequester,
  contract: RequestContract<Request, Reply>,
  request: Request,
  log?: ServiceRequestLog,
): Promise<Reply> {
  const body = contract.request.parse(request);
  return inSpan(
    `ask ${contract.subject}`,
    'client',
    undefined,
    { 'messaging.destination.name': contract.subject },
    async () => {
      let answer: unknown;
      try {
        answer = await firstValueFrom(
          requester.requests
            .send(contract.subject, new NatsRecord(body, headersOf(carriedHeaders())))
            .pipe(timeout({ first: contract.timeoutMs ?? SERVICE_REQUEST_TIMEOUT_MS })),
        );
      } catch (error) {
        log?.warn(`${contract.subject} unanswered: ${whyUnanswered(error)}`);
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      const reply = contract.reply.safeParse(answer);
      if (!reply.success) {
        log?.warn(`${contract.subject} reply breaks its contract`);
        throw new AppError('SERVICE_UNAVAILABLE');
      }
      return reply.data;
    },
  );
}

/** NATS headers of `carried`, or none when there is nothing to carry (no request, no tracing). */
function headersOf(carried: Record<string, string>): ReturnType<typeof natsHeaders> | undefined {
  const entries = Object.entries(carried);
  if (entries.length === 0) return undefined;
  const headers = natsHeaders();
  for (const [name, value] of entries) headers.set(name, value);
  return headers;
}
