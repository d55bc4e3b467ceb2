import type { RequestContract } from '@gallery/contracts';
import { AppError } from '../graphql/app-error.js';
import { describeError } from '../logging/describe-error.js';
import type { EventBus } from './event-bus.js';

/** What askService needs of a connection: an EventBus, or the gateway's own NATS connection. */
export interface ServiceRequester {
  readonly nc: Pick<EventBus['nc'], 'request'>;
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

/**
 * Asks another service over core NATS request/reply: the request checked against its contract on the way out,
 * the reply on the way in. No responder, no answer within the contract's time (SERVICE_REQUEST_TIMEOUT_MS unless
 * it says), no connection, or a reply that breaks its contract: SERVICE_UNAVAILABLE, the error a caller may retry.
 */
export async function askService<Request, Reply>(
  bus: ServiceRequester,
  contract: RequestContract<Request, Reply>,
  request: Request,
  log?: ServiceRequestLog,
): Promise<Reply> {
  const payload = JSON.stringify(contract.request.parse(request));
  let body: unknown;
  try {
    const message = await bus.nc.request(contract.subject, payload, {
      timeout: contract.timeoutMs ?? SERVICE_REQUEST_TIMEOUT_MS,
    });
    body = message.json();
  } catch (error) {
    log?.warn(`${contract.subject} unanswered: ${describeError(error)}`);
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  const reply = contract.reply.safeParse(body);
  if (!reply.success) {
    log?.warn(`${contract.subject} reply breaks its contract`);
    throw new AppError('SERVICE_UNAVAILABLE');
  }
  return reply.data;
}
