import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('UploadPart')
export class UploadPartModel {
  @Field(() => Int)
  partNumber!: number;

  @Field({ description: 'Presigned PUT of this one part, signed for its length; storage answers its ETag.' })
  url!: string;
}
