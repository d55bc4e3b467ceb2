import { Inject, Injectable, Logger } from '@nestjs/common';
import { RequestContracts, type OwnerAuthorizationReply } from '@gallery/contracts';
import { EventBus } from '../events/event-bus.js';
import { askService } from '../requests/service-request.js';

/**
 * How a service learns whether an Authorization header belongs to a gallery's owner: the one question behind
 * every OwnerOnly operation. The events service, which holds the owner credentials, answers it locally; every
 * other service asks events (RemoteOwnerAuthority). `gallery` null: no gallery has this code; `owner` null: the
 * header is not its owner's.
 */
export abstract class OwnerAuthority {
  abstract authorize(code: string, authorization: string): Promise<OwnerAuthorizationReply>;
}

/** The longest Authorization header sent to events: an owner token or session token is far shorter. */
const AUTHORIZATION_MAX_CHARS = 1000;

/** Asks the events service over NATS (Requests.OwnerAuthorization); SERVICE_UNAVAILABLE when it cannot say. */
@Injectable()
export class RemoteOwnerAuthority extends OwnerAuthority {
  private readonly logger = new Logger(RemoteOwnerAuthority.name);

  constructor(@Inject(EventBus) private readonly bus: EventBus) {
    super();
  }

  async authorize(code: string, authorization: string): Promise<OwnerAuthorizationReply> {
    // Cut to the contract's length: a header that long is no owner's, and cut it still matches nothing.
    const request = { code, authorization: authorization.slice(0, AUTHORIZATION_MAX_CHARS) };
    return askService(this.bus, RequestContracts.OwnerAuthorization, request, this.logger);
  }
}
