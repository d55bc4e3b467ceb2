import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';

/** The paper the cards are printed on. */
export enum TableCardPaperSize {
  A4 = 'A4',
  LETTER = 'LETTER',
}
registerEnumType(TableCardPaperSize, { name: 'TableCardPaper', description: 'A4 or US Letter' });

@ObjectType('TableCardsPdf', { description: "The couple's printable table cards" })
export class TableCardsPdfModel {
  @Field({ description: 'What to save the file as, e.g. "Sarah & Mike - table cards.pdf"' })
  fileName!: string;

  @Field({ description: 'The PDF, base64-encoded' })
  pdfBase64!: string;

  @Field(() => Int, { description: 'Its pages' })
  pageCount!: number;
}
