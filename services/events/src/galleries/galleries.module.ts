import { Module } from '@nestjs/common';
import { OwnersModule } from '../owners/owners.module.js';
import { GalleriesRepository } from './galleries.repository.js';
import { GalleriesResolver } from './galleries.resolver.js';
import { GalleriesService } from './galleries.service.js';
import { GalleryCodes } from './gallery-codes.js';

@Module({
  imports: [OwnersModule],
  providers: [GalleriesRepository, GalleryCodes, GalleriesService, GalleriesResolver],
})
export class GalleriesModule {}
