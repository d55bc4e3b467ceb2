import { Inject, Injectable } from '@nestjs/common';
import {
  customDomainLookupRequestSchema,
  Requests,
  type CustomDomainLookupReply,
  type CustomDomainLookupRequest,
} from '@gallery/contracts';
import { EventBus, RequestResponder } from '@gallery/platform';
import { CustomDomains } from './custom-domains.service.js';

/** Answers `Requests.CustomDomainLookup`: which gallery the gateway should serve on a host, if any. */
@Injectable()
export class CustomDomainLookupResponder extends RequestResponder<
  CustomDomainLookupRequest,
  CustomDomainLookupReply
> {
  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(CustomDomains) private readonly domains: CustomDomains,
  ) {
    super(bus, {
      subject: Requests.CustomDomainLookup,
      queue: 'events-service',
      request: customDomainLookupRequestSchema,
      refusal: { code: null },
    });
  }

  protected async answer(request: CustomDomainLookupRequest): Promise<CustomDomainLookupReply> {
    return { code: await this.domains.lookupVerified(request.host) };
  }
}
