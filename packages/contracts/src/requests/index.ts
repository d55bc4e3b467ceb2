import { EventsRequestContracts, EventsRequests } from './answered-by-events.js';
import { MediaRequestContracts, MediaRequests } from './answered-by-media.js';

// Every service request, one file for each service that answers (its subjects, the schemas of what is asked and
// what comes back, and the contracts askService and every responder, an @AnswersRequest method, are built from).
// Domain events are in domain-events.ts.

export * from './contract.js';
export * from './answered-by-events.js';
export * from './answered-by-media.js';

/**
 * Request/reply between services over core NATS with Nest's transport (not JetStream: an answer is only useful
 * now). Subjects sit outside the domain stream's subjects, so requests are never stored as events.
 */
export const Requests = { ...EventsRequests, ...MediaRequests } as const;

/** Every request one service makes of another, by name: what `askService` in @gallery/platform takes. */
export const RequestContracts = { ...EventsRequestContracts, ...MediaRequestContracts } as const;
