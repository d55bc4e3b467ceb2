import { Controller, Inject } from '@nestjs/common';
import { RequestContracts, type SessionOwnerReply, type SessionOwnerRequest } from '@gallery/contracts';
import { AnswersRequest, bearerTokenFromHeader } from '@gallery/platform';
import { OwnerSessions } from './owner-sessions.js';

/**
 * Answers `Requests.SessionOwner`: billing asks whose live owner session a request's Authorization header
 * names, for what belongs to an owner rather than to one gallery (event bundles and their credits).
 */
@Controller()
export class SessionOwnerResponder {
  constructor(@Inject(OwnerSessions) private readonly sessions: OwnerSessions) {}

  @AnswersRequest(RequestContracts.SessionOwner, { refusal: { email: null } })
  async answer({ authorization }: SessionOwnerRequest): Promise<SessionOwnerReply> {
    return { email: await this.sessions.emailOf(bearerTokenFromHeader(authorization)) };
  }
}
