import { Module } from '@nestjs/common';
import { PrivacyResolver } from './privacy.resolver.js';

/** The couple's privacy settings: stored on the gallery, changed by its owner, published to the other services. */
@Module({ providers: [PrivacyResolver] })
export class PrivacyModule {}
