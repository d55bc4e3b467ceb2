import { Module } from '@nestjs/common';
import { GalleriesModule } from '../galleries/galleries.module.js';
import { TableCardsResolver } from './table-cards.resolver.js';

/** The couple's printable table cards. */
@Module({
  imports: [GalleriesModule],
  providers: [TableCardsResolver],
})
export class TableCardsModule {}
