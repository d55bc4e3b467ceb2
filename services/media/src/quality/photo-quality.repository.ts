import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type SelectQueryBuilder } from 'typeorm';
import { PhotoHint } from './photo-hint.enum.js';
import { lookScore, QUALITY_THRESHOLDS } from './quality-hints.js';

/** A photo's review states a hint counts in: the hidden ones are no longer anyone's near-duplicate. */
const NOT_HIDDEN = `review <> 'hidden'`;

/** Each hint as a condition on a photo aliased `photo` (parameters: HINT_PARAMETERS). */
const HINT_CONDITIONS: Record<PhotoHint, string> = {
  [PhotoHint.BLURRY]: 'photo.sharpness < :blurryBelow',
  [PhotoHint.DARK]: 'photo.highlights < :darkBelow',
  [PhotoHint.NEAR_DUPLICATE]: `photo.duplicate_group IS NOT NULL AND EXISTS (
    SELECT 1 FROM photos twin WHERE twin.duplicate_group = photo.duplicate_group AND twin.id <> photo.id
      AND twin.${NOT_HIDDEN})`,
};
const HINT_PARAMETERS = {
  blurryBelow: QUALITY_THRESHOLDS.blurryBelow,
  darkBelow: QUALITY_THRESHOLDS.darkBelow,
};

/** Narrows a query of photos aliased `photo` to those with this hint. */
export function withHint<T extends object>(
  query: SelectQueryBuilder<T>,
  hint: PhotoHint,
): SelectQueryBuilder<T> {
  return query.andWhere(HINT_CONDITIONS[hint], HINT_PARAMETERS);
}

/**
 * The nearest photo of gallery `code` whose perceptual hash is within QUALITY_THRESHOLDS.nearDuplicateWithin bits
 * of `hash` (SQL expressions), the earliest among equals: its id and group. No row for a null hash.
 */
export function twinOf(code: string, hash: string): string {
  const distance = `bit_count((perceptual_hash # ${hash})::bit(64))`;
  return `SELECT id, duplicate_group FROM photos
          WHERE event_code = ${code} AND perceptual_hash IS NOT NULL AND ${hash} IS NOT NULL
            AND ${distance} <= ${QUALITY_THRESHOLDS.nearDuplicateWithin}
          ORDER BY ${distance}, created_at LIMIT 1`;
}

/** A near-duplicate group's photo, as its best is chosen. */
interface GroupMember {
  id: string;
  group: string;
  review: string;
  sharpness: number;
  brightness: number;
  highlights: number;
}

/** What the queue says of a photo that has near-duplicates. */
export interface DuplicateHint {
  /** The group's best photo, or for the best itself the next best. */
  nearDuplicateOf: string;
  /** Its near-duplicates not hidden, itself left out. */
  similarCount: number;
  /** Whether it is the group's best: the one "hide near-duplicates" keeps. */
  best: boolean;
}

/** Photos' quality measures and near-duplicate groups in PostgreSQL. */
@Injectable()
export class PhotoQualityRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** How many of a gallery's photos in one review state have each hint. */
  async hintCounts(eventCode: string, review: string): Promise<Record<PhotoHint, number>> {
    const counts = await Promise.all(
      Object.values(PhotoHint).map(async (hint) => {
        const query = withHint(
          this.dataSource
            .createQueryBuilder()
            .from('photos', 'photo')
            .where('photo.event_code = :eventCode AND photo.review = :review', { eventCode, review }),
          hint,
        );
        return [hint, await query.getCount()] as const;
      }),
    );
    return Object.fromEntries(counts) as Record<PhotoHint, number>;
  }

  /** The ids of a gallery's photos in one review state with this hint, at most `limit`. */
  async idsWithHint(eventCode: string, review: string, hint: PhotoHint, limit: number): Promise<string[]> {
    const rows = await withHint(
      this.dataSource
        .createQueryBuilder()
        .select('photo.id', 'id')
        .from('photos', 'photo')
        .where('photo.event_code = :eventCode AND photo.review = :review', { eventCode, review })
        .orderBy('photo.created_at', 'DESC')
        .limit(limit),
      hint,
    ).getRawMany<{ id: string }>();
    return rows.map((row) => row.id);
  }

  /**
   * The near-duplicate hints of these photos of a gallery, by photo id: the groups' photos not hidden, each
   * group's best by lookScore. A photo whose near-duplicates are all hidden has none.
   */
  async duplicateHints(eventCode: string, groups: string[]): Promise<Map<string, DuplicateHint>> {
    const hints = new Map<string, DuplicateHint>();
    if (groups.length === 0) return hints;
    const members = (await this.dataSource.query(
      `SELECT id, duplicate_group AS "group", review, sharpness, brightness, highlights FROM photos
        WHERE event_code = $1 AND duplicate_group = ANY($2::uuid[])`,
      [eventCode, [...new Set(groups)]],
    )) as GroupMember[];
    for (const group of groupsOf(members).values()) {
      const shown = rankedBest(group.filter((member) => member.review !== 'hidden'));
      if (shown.length < 2) continue;
      for (const member of group) {
        const best = member.id === shown[0]!.id;
        hints.set(member.id, {
          nearDuplicateOf: best ? shown[1]!.id : shown[0]!.id,
          similarCount: shown.filter((other) => other.id !== member.id).length,
          best,
        });
      }
    }
    return hints;
  }

  /**
   * The near-duplicates of a gallery in one review state that "hide near-duplicates" hides: every photo of a
   * group but its best (among those not hidden), at most `limit`.
   */
  async duplicatesToHide(eventCode: string, review: string, limit: number): Promise<string[]> {
    const members = (await this.dataSource.query(
      `SELECT id, duplicate_group AS "group", review, sharpness, brightness, highlights FROM photos
        WHERE event_code = $1 AND duplicate_group IS NOT NULL AND ${NOT_HIDDEN}`,
      [eventCode],
    )) as GroupMember[];
    const hide: string[] = [];
    for (const group of groupsOf(members).values()) {
      const [, ...rest] = rankedBest(group);
      hide.push(...rest.filter((member) => member.review === review).map((member) => member.id));
    }
    return hide.slice(0, limit);
  }
}

function groupsOf(members: GroupMember[]): Map<string, GroupMember[]> {
  const groups = new Map<string, GroupMember[]>();
  for (const member of members) groups.set(member.group, [...(groups.get(member.group) ?? []), member]);
  return groups;
}

/** Best first by lookScore, the earliest id among equals. */
function rankedBest(members: GroupMember[]): GroupMember[] {
  return [...members].sort((a, b) => lookScore(b) - lookScore(a) || a.id.localeCompare(b.id));
}
