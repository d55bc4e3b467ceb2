import { Inject, Injectable } from '@nestjs/common';
import type { OwnerAuthorizationReply } from '@gallery/contracts';
import { bearerTokenFromHeader, OwnerAuthority } from '@gallery/platform';
import { eventCreatedData, GalleriesRepository } from '../galleries/galleries.repository.js';
import { OwnerTokens } from '../owners/owner-tokens.js';

/**
 * Who owns a gallery, decided here where the owner credentials are (OwnerTokens.verify): for this service's
 * OwnerOnly operations, and answered over NATS to the others (OwnerAuthorizationResponder). The owner's email
 * goes only with an owner's answer.
 */
@Injectable()
export class LocalOwnerAuthority extends OwnerAuthority {
  constructor(
    @Inject(GalleriesRepository) private readonly galleries: GalleriesRepository,
    @Inject(OwnerTokens) private readonly ownerTokens: OwnerTokens,
  ) {
    super();
  }

  async authorize(code: string, authorization: string | undefined): Promise<OwnerAuthorizationReply> {
    const found = await this.galleries.findByCode(code);
    if (!found) return { gallery: null, owner: null };
    const gallery = eventCreatedData(found);
    if (!(await this.ownerTokens.verify(code, bearerTokenFromHeader(authorization)))) {
      return { gallery, owner: null };
    }
    const order = await this.galleries.findOrder(code);
    if (!order) return { gallery, owner: null };
    const awaitingPlan = order.status === 'awaiting_payment' ? order.requestedPlan : null;
    return { gallery, owner: { email: order.email, awaitingPlan } };
  }
}
