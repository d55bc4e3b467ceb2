import { Field, ID, ObjectType } from '@nestjs/graphql';
import { HttpHeaderModel } from './http-header.model.js';

@ObjectType('PhotoUploadSlot')
export class PhotoUploadSlotModel {
  @Field(() => ID)
  uploadId!: string;

  @Field({ description: 'Presigned PUT straight to object storage.' })
  uploadUrl!: string;

  @Field(() => [HttpHeaderModel], { description: 'Headers the PUT must send (Content-Type).' })
  headers!: HttpHeaderModel[];
}
