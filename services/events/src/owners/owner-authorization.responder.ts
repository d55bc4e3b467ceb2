import { Inject, Injectable } from '@nestjs/common';
import {
  ownerAuthorizationReplySchema,
  ownerAuthorizationRequestSchema,
  Requests,
  type OwnerAuthorizationReply,
  type OwnerAuthorizationRequest,
} from '@gallery/contracts';
import { bearerTokenFromHeader, EventBus, RequestResponder } from '@gallery/platform';
import { eventCreatedData, GalleriesRepository } from '../galleries/galleries.repository.js';
import { OwnerTokens } from './owner-tokens.js';

/**
 * Answers `Requests.OwnerAuthorization`: another service (billing, media) asks whether a request's
 * Authorization header belongs to a gallery's owner before any owner-only action. Ownership is decided by the
 * one check the GraphQL API uses (OwnerTokens.verify). The owner's email goes only to an owner's request.
 */
@Injectable()
export class OwnerAuthorizationResponder extends RequestResponder<
  OwnerAuthorizationRequest,
  OwnerAuthorizationReply
> {
  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(GalleriesRepository) private readonly galleries: GalleriesRepository,
    @Inject(OwnerTokens) private readonly ownerTokens: OwnerTokens,
  ) {
    super(bus, {
      subject: Requests.OwnerAuthorization,
      queue: 'events-service',
      request: ownerAuthorizationRequestSchema,
      refusal: { gallery: null, owner: null },
      reply: ownerAuthorizationReplySchema,
    });
  }

  protected async answer({
    code,
    authorization,
  }: OwnerAuthorizationRequest): Promise<OwnerAuthorizationReply> {
    const found = await this.galleries.findByCode(code);
    if (!found) return { gallery: null, owner: null };
    const gallery = eventCreatedData(found);
    if (!(await this.ownerTokens.verify(code, bearerTokenFromHeader(authorization)))) {
      return { gallery, owner: null };
    }
    const order = await this.galleries.findOrder(code);
    return { gallery, owner: order ? { email: order.email } : null };
  }
}
