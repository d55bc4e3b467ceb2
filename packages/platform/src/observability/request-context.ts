import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/** The header a request's id travels in: from the edge or the gateway to the subgraphs, and back in the answer. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What every log line made while handling a request or a domain event says about it. */
export interface RequestContext {
  requestId?: string;
  /** The gallery the request or event concerns, where one is named. */
  galleryCode?: string;
  /** The domain event being handled or delivered. */
  eventId?: string;
}

const contexts = new AsyncLocalStorage<RequestContext>();

/** Runs `work` with `context` as the current request's, for every log line and domain event it causes. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return contexts.run(context, work);
}

/** Runs `work` outside any request: for timers that outlive the request that set them. */
export function outsideRequestContext<T>(work: () => T): T {
  return contexts.exit(work);
}

/** The request or event being handled right now, if any. */
export function currentRequestContext(): RequestContext | undefined {
  return contexts.getStore();
}

/** A request id: letters, digits and `-_.:` up to 128 characters, as load balancers and tracers mint them. */
const REQUEST_ID_PATTERN = /^[\w.:-]{1,128}$/;

/**
 * The id a request is known by: the one its caller sent (the edge's load balancer, or the gateway for a subgraph)
 * when it looks like one, else a new one. Anything else in the header is dropped, so a log line never carries
 * what a client wrote there.
 */
export function acceptedRequestId(sent: string | string[] | undefined): string {
  const value = Array.isArray(sent) ? sent[0] : sent;
  return value && REQUEST_ID_PATTERN.test(value) ? value : randomUUID();
}
