import { Inject } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Resolver } from '@nestjs/graphql';
import { normalizeEventCode } from '@gallery/contracts';
import { GuestOf, RateLimits, type GraphQLRequestContext } from '@gallery/platform';
import { MultipartUploads } from './multipart-uploads.service.js';
import { UploadPartModel } from './upload-part.model.js';

@Resolver()
export class UploadPartsResolver {
  constructor(
    @Inject(MultipartUploads) private readonly multipart: MultipartUploads,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
  ) {}

  @GuestOf('eventCode')
  @Mutation(() => [UploadPartModel], {
    description: 'Short-lived URLs for parts of a file sent in parts, each granting that one part.',
  })
  async requestUploadParts(
    @Context() context: GraphQLRequestContext,
    @Args('eventCode') eventCode: string,
    @Args('uploadId', { type: () => ID }) uploadId: string,
    @Args('partNumbers', { type: () => [Int] }) partNumbers: number[],
  ): Promise<UploadPartModel[]> {
    await this.rateLimits.consumeGuestAction('uploadPartRequests', context, normalizeEventCode(eventCode));
    return this.multipart.partUrls(eventCode, uploadId, partNumbers);
  }
}
