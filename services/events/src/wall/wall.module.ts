import { Module } from '@nestjs/common';
import { OwnersModule } from '../owners/owners.module.js';
import { WallLinks } from './wall-links.js';
import { WallResolver } from './wall.resolver.js';

/** The slideshow wall's links and settings. */
@Module({
  imports: [OwnersModule],
  providers: [WallLinks, WallResolver],
})
export class WallModule {}
