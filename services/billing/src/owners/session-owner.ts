import { Inject, Injectable } from '@nestjs/common';
import { RequestContracts, sessionOwnerRequestSchema } from '@gallery/contracts';
import { AppError, askService, EventBus } from '@gallery/platform';

/**
 * Who a signed-in owner is, for what belongs to the owner rather than to one gallery (bundles and their
 * credits): billing asks events, which holds the sessions, whose session the Authorization header names.
 */
@Injectable()
export class SessionOwner {
  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  /** The email of the caller's live owner session; throws UNAUTHENTICATED without one. */
  async require(authorization: string | undefined): Promise<string> {
    const request = sessionOwnerRequestSchema.safeParse({ authorization });
    if (!authorization || !request.success) throw new AppError('UNAUTHENTICATED');
    // No answer, or one breaking its contract: SERVICE_UNAVAILABLE, which the caller may retry.
    const { email } = await askService(this.bus, RequestContracts.SessionOwner, request.data);
    if (!email) throw new AppError('UNAUTHENTICATED');
    return email;
  }
}
