import { Inject, Injectable } from '@nestjs/common';
import { Requests, sessionOwnerReplySchema, sessionOwnerRequestSchema } from '@gallery/contracts';
import { AppError, EventBus } from '@gallery/platform';

/** How long events gets to answer before the caller is told the service is unavailable. */
const SESSION_OWNER_TIMEOUT_MS = 3000;

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
    let body: unknown;
    try {
      const reply = await this.bus.nc.request(Requests.SessionOwner, JSON.stringify(request.data), {
        timeout: SESSION_OWNER_TIMEOUT_MS,
      });
      body = reply.json();
    } catch {
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    const reply = sessionOwnerReplySchema.safeParse(body);
    if (!reply.success) throw new AppError('SERVICE_UNAVAILABLE');
    if (!reply.data.email) throw new AppError('UNAUTHENTICATED');
    return reply.data.email;
  }
}
