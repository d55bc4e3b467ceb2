import { Field, ObjectType } from '@nestjs/graphql';
import { EventModel } from './event.model.js';

@ObjectType('CreatedGallery')
export class CreatedGalleryModel {
  @Field(() => EventModel)
  event!: EventModel;

  @Field({ description: 'Shown once; the web app keeps it in localStorage as authToken' })
  ownerToken!: string;

  @Field({
    description:
      "A session for the order's email, covering every gallery of that email; the web app keeps it as authToken",
  })
  sessionToken!: string;

  @Field({
    description:
      '{PUBLIC_URL}/gallery/{code}, with /fr or /es before /gallery for a gallery in French or Spanish',
  })
  galleryUrl!: string;

  @Field({ description: 'True for standard and premium until billing confirms the payment' })
  paymentRequired!: boolean;
}
