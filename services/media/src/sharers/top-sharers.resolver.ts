import { Inject } from '@nestjs/common';
import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import { DataSource } from 'typeorm';
import { OwnerOnly } from '@gallery/platform';
import { GuestShareModel } from './guest-share.model.js';

/** The most the couple's analytics lists. */
export const MAX_TOP_SHARERS = 10;

interface SharerRow {
  guest_name: string | null;
  photos: number;
  hearts: number;
}

/**
 * Who shared most, for the couple's analytics. A guest is their guest identity (the browser they uploaded
 * from), or for uploads without one the name they gave; uploads with neither (the couple's own) are no guest's.
 */
@Resolver(() => GuestShareModel)
export class TopSharersResolver {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  @OwnerOnly('eventCode')
  @Query(() => [GuestShareModel], {
    description:
      `Owner only: the guests who shared most photos the gallery shows, most first (more hearts first among ` +
      `equals), at most ${MAX_TOP_SHARERS}. UNAUTHENTICATED, NOT_GALLERY_OWNER`,
  })
  async topSharers(
    @Args('eventCode') eventCode: string,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 5 }) first: number | null,
  ): Promise<GuestShareModel[]> {
    const limit = Math.min(Math.max(first ?? 5, 1), MAX_TOP_SHARERS);
    const rows: SharerRow[] = await this.dataSource.query(
      `SELECT (array_agg(guest_name ORDER BY created_at DESC) FILTER (WHERE guest_name IS NOT NULL))[1]
                AS guest_name,
              count(*)::int AS photos,
              coalesce(sum(heart_count), 0)::int AS hearts
       FROM photos
       WHERE event_code = $1 AND review = 'approved' AND (uploader_id IS NOT NULL OR guest_name IS NOT NULL)
       GROUP BY coalesce(uploader_id, 'name:' || lower(guest_name))
       ORDER BY photos DESC, hearts DESC, min(created_at)
       LIMIT $2`,
      [eventCode, limit],
    );
    return rows.map((row) => ({ guestName: row.guest_name, photoCount: row.photos, heartCount: row.hearts }));
  }
}
