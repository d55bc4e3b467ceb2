import { Inject } from '@nestjs/common';
import { Args, Int, Query, Resolver } from '@nestjs/graphql';
import {
  cleanSegment,
  isTableNumber,
  TABLE_CARD_LIMITS,
  TABLE_CARDS_PER_PAGE,
  tableCardPath,
  type TableCardsPerPage,
} from '@gallery/contracts';
import { AppError, OwnerOnly, RateLimits, VerifiedOwner, type VerifiedGalleryOwner } from '@gallery/platform';
import { GraphQLError } from 'graphql';
import { EventsConfig } from '../config/events-config.js';
import { GalleriesRepository } from '../galleries/galleries.repository.js';
import { renderTableCards } from './table-cards-pdf.js';
import { TableCardPaperSize, TableCardsPdfModel } from './table-cards.model.js';

/** Printed table cards with the gallery's QR code, made here where the gallery's facts and language are. */
@Resolver()
export class TableCardsResolver {
  constructor(
    @Inject(GalleriesRepository) private readonly galleries: GalleriesRepository,
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
  ) {}

  @OwnerOnly('eventCode')
  @Query(() => TableCardsPdfModel, {
    description:
      "Owner only: the table cards as a PDF in the gallery's language. Without `tables`, one page of cards for " +
      'every table; with it, one card per table from 1 to `tables` (at most 200) whose QR code tags the photos ' +
      'uploaded from it. TABLE_NUMBER_INVALID beyond 200; RATE_LIMITED past 30 an hour per gallery.',
  })
  async tableCards(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
    @Args('paper', { type: () => TableCardPaperSize, defaultValue: TableCardPaperSize.A4 })
    paper: TableCardPaperSize,
    @Args('cardsPerPage', { type: () => Int, defaultValue: 2, description: '1, 2 or 4' })
    cardsPerPage: number,
    @Args('tables', { type: () => Int, nullable: true, description: 'Cards for tables 1 to this number' })
    tables: number | null | undefined,
  ): Promise<TableCardsPdfModel> {
    // Counted before anything is checked: a refused ask costs the same as a PDF, so none is free to repeat.
    await this.rateLimits.consume('tableCardPrints', code);
    if (!TABLE_CARDS_PER_PAGE.includes(cardsPerPage as TableCardsPerPage)) {
      throw new GraphQLError('cardsPerPage must be 1, 2 or 4', { extensions: { code: 'BAD_USER_INPUT' } });
    }
    if (tables != null && !isTableNumber(tables)) {
      throw new AppError('TABLE_NUMBER_INVALID', { count: TABLE_CARD_LIMITS.maxTableNumber });
    }
    const gallery = await this.galleries.findByCode(code);
    if (!gallery) throw new AppError('GALLERY_NOT_FOUND');
    const perPage = cardsPerPage as TableCardsPerPage;
    const tableNumbers = tables == null ? [] : Array.from({ length: tables }, (_, index) => index + 1);
    const pdf = await renderTableCards(
      {
        code: gallery.code,
        coupleNames: gallery.coupleNames,
        weddingDate: gallery.weddingDate,
        language: gallery.language,
        host: new URL(this.config.publicUrl).host,
        link: (table) => `${this.config.publicUrl}${tableCardPath(gallery.code, gallery.language, table)}`,
        tables: tableNumbers,
      },
      { paper, cardsPerPage: perPage },
    );
    const cards = tableNumbers.length || perPage;
    return Object.assign(new TableCardsPdfModel(), {
      fileName: `${cleanSegment(gallery.coupleNames, 'Gallery')} - table cards.pdf`,
      pdfBase64: pdf.toString('base64'),
      pageCount: Math.ceil(cards / perPage),
    });
  }
}
