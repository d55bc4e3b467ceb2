import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('GalleryTable', {
  description: "A table of the venue whose card's QR code tagged photos, with the number of its photos",
})
export class TableModel {
  @Field(() => Int, { description: 'The table\'s number, as printed on its card ("Table 5")' })
  number!: number;

  @Field(() => Int, { description: "The gallery's photos uploaded from its card's QR code" })
  photoCount!: number;
}
