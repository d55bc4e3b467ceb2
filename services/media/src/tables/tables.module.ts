import { Module } from '@nestjs/common';
import { TablePhotosRepository } from './table-photos.repository.js';

/** Table cards: the photos each table's card's QR code tagged. */
@Module({
  providers: [TablePhotosRepository],
  exports: [TablePhotosRepository],
})
export class TablesModule {}
