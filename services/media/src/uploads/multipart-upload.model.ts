import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('MultipartUpload', {
  description: 'A file sent in parts: ask for part URLs with requestUploadParts, then confirm as usual.',
})
export class MultipartUploadModel {
  @Field(() => Int, { description: 'The length of every part but the last, which holds the rest.' })
  partSize!: number;

  @Field(() => Int)
  partCount!: number;
}
