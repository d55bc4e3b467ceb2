import { Field, InputType, Int } from '@nestjs/graphql';

/** What the browser knows of a file before uploading it; only used to refuse early. */
@InputType('PhotoUploadRequest')
export class PhotoUploadRequestInput {
  @Field()
  fileName!: string;

  @Field()
  contentType!: string;

  @Field(() => Int)
  size!: number;
}
