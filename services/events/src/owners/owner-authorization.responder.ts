import { Inject, Injectable } from '@nestjs/common';
import {
  ownerAuthorizationReplySchema,
  ownerAuthorizationRequestSchema,
  Requests,
  type OwnerAuthorizationReply,
  type OwnerAuthorizationRequest,
} from '@gallery/contracts';
import { EventBus, OwnerAuthority, RequestResponder } from '@gallery/platform';

/**
 * Answers `Requests.OwnerAuthorization`: another service (billing, media, download) asks whether a request's
 * Authorization header belongs to a gallery's owner before any owner-only operation, and gets the answer this
 * service's own OwnerOnly operations get (LocalOwnerAuthority).
 */
@Injectable()
export class OwnerAuthorizationResponder extends RequestResponder<
  OwnerAuthorizationRequest,
  OwnerAuthorizationReply
> {
  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(OwnerAuthority) private readonly owners: OwnerAuthority,
  ) {
    super(bus, {
      subject: Requests.OwnerAuthorization,
      queue: 'events-service',
      request: ownerAuthorizationRequestSchema,
      refusal: { gallery: null, owner: null },
      reply: ownerAuthorizationReplySchema,
    });
  }

  protected answer({ code, authorization }: OwnerAuthorizationRequest): Promise<OwnerAuthorizationReply> {
    return this.owners.authorize(code, authorization ?? '');
  }
}
