import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { normalizeEventCode } from '@gallery/contracts';
import type { GraphQLRequestContext } from '../graphql/graphql-request-context.js';
import { ArchiveJobModel } from './archive-job.model.js';
import { ArchivesService } from './archives.service.js';

@Resolver(() => ArchiveJobModel)
export class ArchivesResolver {
  constructor(@Inject(ArchivesService) private readonly archives: ArchivesService) {}

  @Mutation(() => ArchiveJobModel, {
    description:
      'Download All: starts or joins the zip of the gallery (owner, or guests when allowed); progress on the archiveProgress subscription. FORBIDDEN for a guest when the owner has not allowed guest downloads; RATE_LIMITED past the limit',
  })
  requestArchive(
    @Args('eventCode') eventCode: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<ArchiveJobModel> {
    return this.archives.requestArchive(normalizeEventCode(eventCode), context.authorization, context.client);
  }

  @Query(() => ArchiveJobModel, {
    nullable: true,
    description:
      'A zip job of the gallery, with its download link once complete (same rights as requestArchive)',
  })
  archiveJob(
    @Args('eventCode') eventCode: string,
    @Args('jobId', { type: () => ID }) jobId: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<ArchiveJobModel | null> {
    return this.archives.archiveJob(normalizeEventCode(eventCode), jobId, context.authorization);
  }
}
