import { Module } from '@nestjs/common';
import { FindMeChangesConsumer } from './find-me-changes.consumer.js';
import { OneClickStopController } from './one-click-stop.controller.js';
import { OwnerDigestMailConsumer } from './owner-digest-mail.consumer.js';
import { OwnerDigests } from './owner-digests.js';
import { PhotosReadyMailConsumer } from './photos-ready-mail.consumer.js';
import { PhotosReadyMailQueue } from './photos-ready-mail-queue.js';
import { PhotosReadyRequests } from './photos-ready-requests.js';
import { ReturnMailsResolver } from './return-mails.resolver.js';

/**
 * The mails that bring people back after the night: a guest's one photos-ready mail (with "photos of you" where
 * the gallery offers "Find me"), and the couple's daily digest. Both are queued through the outbox once, whatever
 * the replicas, and sent by durable consumers.
 */
@Module({
  controllers: [OneClickStopController],
  providers: [
    PhotosReadyRequests,
    PhotosReadyMailQueue,
    PhotosReadyMailConsumer,
    FindMeChangesConsumer,
    OwnerDigests,
    OwnerDigestMailConsumer,
    ReturnMailsResolver,
  ],
})
export class ReturnMailsModule {}
