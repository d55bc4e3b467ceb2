import { Controller, Inject } from '@nestjs/common';
import {
  RequestContracts,
  type OwnerAuthorizationReply,
  type OwnerAuthorizationRequest,
} from '@gallery/contracts';
import { AnswersRequest, OwnerAuthority } from '@gallery/platform';

/**
 * Answers `Requests.OwnerAuthorization`: another service (billing, media, download) asks whether a request's
 * Authorization header belongs to a gallery's owner before any owner-only operation, and gets the answer this
 * service's own OwnerOnly operations get (LocalOwnerAuthority).
 */
@Controller()
export class OwnerAuthorizationResponder {
  constructor(@Inject(OwnerAuthority) private readonly owners: OwnerAuthority) {}

  @AnswersRequest(RequestContracts.OwnerAuthorization, { refusal: { gallery: null, owner: null } })
  answer({ code, authorization }: OwnerAuthorizationRequest): Promise<OwnerAuthorizationReply> {
    return this.owners.authorize(code, authorization ?? '');
  }
}
