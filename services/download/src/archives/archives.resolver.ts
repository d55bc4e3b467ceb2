import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { normalizeEventCode } from '@gallery/contracts';
import { GuestOf, type GraphQLRequestContext } from '@gallery/platform';
import { ArchiveJobModel } from './archive-job.model.js';
import { ARCHIVE_LAYOUT_IDS, ArchiveLayout } from './archive-layout.js';
import { ArchivesService } from './archives.service.js';

@Resolver(() => ArchiveJobModel)
export class ArchivesResolver {
  constructor(@Inject(ArchivesService) private readonly archives: ArchivesService) {}

  @GuestOf('eventCode')
  @Mutation(() => ArchiveJobModel, {
    description:
      'Download All: starts or joins the zip of the gallery (owner, or guests when allowed); progress on the archiveProgress subscription. FORBIDDEN for a guest when the owner has not allowed guest downloads; RATE_LIMITED past the limit',
  })
  requestArchive(
    @Args('eventCode') eventCode: string,
    @Context() context: GraphQLRequestContext,
    @Args('layout', {
      type: () => ArchiveLayout,
      defaultValue: ArchiveLayout.BY_DATE,
      description:
        'BY_DATE, BY_GUEST for a folder per guest name, BY_CHALLENGE for a folder per photo challenge, ' +
        'BY_TABLE for a folder per table card, or HIGHLIGHTS for only the best photos; each layout is its own zip',
    })
    layout: ArchiveLayout = ArchiveLayout.BY_DATE,
    @Args('jpegCopies', {
      type: () => Boolean,
      defaultValue: false,
      description:
        'Owner only (ignored for guests): a JPEG copy beside each HEIC original, for computers that cannot open HEIC; its own zip',
    })
    jpegCopies: boolean = false,
  ): Promise<ArchiveJobModel> {
    return this.archives.requestArchive(
      normalizeEventCode(eventCode),
      context.authorization,
      context,
      ARCHIVE_LAYOUT_IDS[layout],
      jpegCopies,
    );
  }

  @GuestOf('eventCode')
  @Mutation(() => ArchiveJobModel, {
    description:
      '"Find me"\'s "Download these": starts or joins the zip of these photos of the gallery, of those the caller may see (the gallery\'s privacy settings decide), flat in a folder "Photos of you" (owner, or guests when allowed); read it with archiveJob, its progress is not broadcast. At most 500 ids. FORBIDDEN for a guest when the owner has not allowed guest downloads; RATE_LIMITED past the limit',
  })
  requestPhotosArchive(
    @Args('eventCode') eventCode: string,
    @Args('photoIds', { type: () => [ID] }) photoIds: string[],
    @Context() context: GraphQLRequestContext,
  ): Promise<ArchiveJobModel> {
    return this.archives.requestPhotosArchive(normalizeEventCode(eventCode), photoIds, context);
  }

  @GuestOf('eventCode')
  @Query(() => ArchiveJobModel, {
    nullable: true,
    description:
      "A zip job of the gallery, with its download link once complete (same rights as requestArchive); null for a guest asking for one of the couple's own zips (the originals, or with JPEG copies)",
  })
  archiveJob(
    @Args('eventCode') eventCode: string,
    @Args('jobId', { type: () => ID }) jobId: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<ArchiveJobModel | null> {
    return this.archives.archiveJob(normalizeEventCode(eventCode), jobId, context.authorization);
  }
}
