import { Controller, Inject } from '@nestjs/common';
import {
  RequestContracts,
  type CustomDomainLookupReply,
  type CustomDomainLookupRequest,
} from '@gallery/contracts';
import { AnswersRequest } from '@gallery/platform';
import { CustomDomains } from './custom-domains.service.js';

/** Answers `Requests.CustomDomainLookup`: which gallery the gateway should serve on a host, if any. */
@Controller()
export class CustomDomainLookupResponder {
  constructor(@Inject(CustomDomains) private readonly domains: CustomDomains) {}

  @AnswersRequest(RequestContracts.CustomDomainLookup, { refusal: { code: null } })
  async answer(request: CustomDomainLookupRequest): Promise<CustomDomainLookupReply> {
    return { code: await this.domains.lookupVerified(request.host) };
  }
}
