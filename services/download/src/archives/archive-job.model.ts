import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

export enum ArchiveStatus {
  BUILDING = 'BUILDING',
  COMPLETE = 'COMPLETE',
  FAILED = 'FAILED',
  /** The gallery has no photos: no zip is built ("No photos found"). */
  EMPTY = 'EMPTY',
}
registerEnumType(ArchiveStatus, { name: 'ArchiveStatus' });

@ObjectType('ArchiveJob', { description: 'A zip of every original of a gallery (Download All)' })
export class ArchiveJobModel {
  @Field(() => ID, { nullable: true, description: 'Null when the gallery is empty (no job)' })
  id!: string | null;

  @Field()
  eventCode!: string;

  @Field(() => ArchiveStatus)
  status!: ArchiveStatus;

  @Field(() => Int, { description: 'Photos in the zip (so far, while it builds)' })
  photoCount!: number;

  @Field(() => Number, { nullable: true, description: 'Bytes, once complete' })
  size!: number | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Once complete, a presigned link to the zip for this caller only, valid a few minutes (the download, which accepts Range requests, may run longer)',
  })
  downloadUrl!: string | null;
}
