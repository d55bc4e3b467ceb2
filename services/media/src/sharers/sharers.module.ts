import { Module } from '@nestjs/common';
import { TopSharersResolver } from './top-sharers.resolver.js';

/** The couple's analytics of who shared most. */
@Module({ providers: [TopSharersResolver] })
export class SharersModule {}
