import { Field, Int, ObjectType } from '@nestjs/graphql';

@ObjectType('Wall', { description: 'The slideshow wall a wall link opens' })
export class WallModel {
  @Field({ description: 'The gallery code' })
  code!: string;

  @Field({ description: "The couple's names, shown on the wall" })
  name!: string;

  @Field(() => Int, { description: 'How long each photo stays on screen' })
  intervalSeconds!: number;

  @Field({ description: "The gallery's language (en, fr, es): the wall's and its join link's" })
  language!: string;
}

@ObjectType('WallLink', { description: "A new link to the gallery's slideshow wall" })
export class WallLinkModel {
  @Field({ description: 'The wall page, its key in the fragment so that no server or log ever sees it' })
  url!: string;
}
