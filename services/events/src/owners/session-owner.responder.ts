import { Inject, Injectable } from '@nestjs/common';
import {
  Requests,
  sessionOwnerReplySchema,
  sessionOwnerRequestSchema,
  type SessionOwnerReply,
  type SessionOwnerRequest,
} from '@gallery/contracts';
import { bearerTokenFromHeader, EventBus, RequestResponder } from '@gallery/platform';
import { OwnerSessions } from './owner-sessions.js';

/**
 * Answers `Requests.SessionOwner`: billing asks whose live owner session a request's Authorization header
 * names, for what belongs to an owner rather than to one gallery (event bundles and their credits).
 */
@Injectable()
export class SessionOwnerResponder extends RequestResponder<SessionOwnerRequest, SessionOwnerReply> {
  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(OwnerSessions) private readonly sessions: OwnerSessions,
  ) {
    super(bus, {
      subject: Requests.SessionOwner,
      queue: 'events-service',
      request: sessionOwnerRequestSchema,
      refusal: { email: null },
      reply: sessionOwnerReplySchema,
    });
  }

  protected async answer({ authorization }: SessionOwnerRequest): Promise<SessionOwnerReply> {
    return { email: await this.sessions.emailOf(bearerTokenFromHeader(authorization)) };
  }
}
