import { Field, ObjectType } from '@nestjs/graphql';

@ObjectType('HttpHeader')
export class HttpHeaderModel {
  @Field()
  name!: string;

  @Field()
  value!: string;
}
