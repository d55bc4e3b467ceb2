import { Module } from '@nestjs/common';
import { BackupStoppedMailConsumer } from './backup-stopped-mail.consumer.js';
import { GalleryFullMailConsumer } from './gallery-full-mail.consumer.js';
import { OrderConfirmationSender } from './order-confirmation-sender.js';
import { OrderConfirmationConsumer } from './order-confirmation.consumer.js';
import { PinGuessingMailConsumer } from './pin-guessing-mail.consumer.js';
import { PlanChangeMailConsumer } from './plan-change-mail.consumer.js';

/**
 * The mails a couple gets from what other services announce: order, plan change, backup stopped, PIN guessing,
 * gallery full.
 */
@Module({
  providers: [
    OrderConfirmationSender,
    OrderConfirmationConsumer,
    PlanChangeMailConsumer,
    BackupStoppedMailConsumer,
    PinGuessingMailConsumer,
    GalleryFullMailConsumer,
  ],
})
export class OwnerMailModule {}
