import { Module } from '@nestjs/common';
import { WallLinks } from './wall-links.js';
import { WallResolver } from './wall.resolver.js';

/** The slideshow wall's links and settings. */
@Module({
  providers: [WallLinks, WallResolver],
})
export class WallModule {}
