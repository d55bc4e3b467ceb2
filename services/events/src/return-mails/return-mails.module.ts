import { Module } from '@nestjs/common';
import { OneClickStopController } from './one-click-stop.controller.js';
import { OwnerDigestMailConsumer } from './owner-digest-mail.consumer.js';
import { OwnerDigests } from './owner-digests.js';
import { PhotosReadyMailConsumer } from './photos-ready-mail.consumer.js';
import { PhotosReadyMailQueue } from './photos-ready-mail-queue.js';
import { PhotosReadyRequests } from './photos-ready-requests.js';
import { ReturnMailsResolver } from './return-mails.resolver.js';

/**
 * The mails that bring people back after the night: a guest's one photos-ready mail, and the couple's daily
 * digest. Both are queued through the outbox once, whatever the replicas, and sent by durable consumers.
 */
@Module({
  controllers: [OneClickStopController],
  providers: [
    PhotosReadyRequests,
    PhotosReadyMailQueue,
    PhotosReadyMailConsumer,
    OwnerDigests,
    OwnerDigestMailConsumer,
    ReturnMailsResolver,
  ],
})
export class ReturnMailsModule {}
