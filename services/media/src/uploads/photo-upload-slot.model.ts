import { Field, ID, ObjectType } from '@nestjs/graphql';
import { HttpHeaderModel } from './http-header.model.js';
import { MultipartUploadModel } from './multipart-upload.model.js';

@ObjectType('PhotoUploadSlot')
export class PhotoUploadSlotModel {
  @Field(() => ID)
  uploadId!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Presigned PUT straight to object storage; null for a file sent in parts (see multipart).',
  })
  uploadUrl!: string | null;

  @Field(() => [HttpHeaderModel], {
    description:
      'Headers the PUT to uploadUrl must send (Content-Type, and If-None-Match where storage creates it once); none for a file sent in parts.',
  })
  headers!: HttpHeaderModel[];

  @Field(() => MultipartUploadModel, { nullable: true, description: 'Set when the file goes in parts.' })
  multipart?: MultipartUploadModel | null;
}
