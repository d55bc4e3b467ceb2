import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { galleryPath, pinGuessingMail, Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus, Mailer } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { OrderEntity } from '../orders/order.entity.js';
import { ownerWants } from '../return-mails/owner-mail-choices.js';

/**
 * Mails the couple when their gallery's wrong PINs reached the day's ceiling: someone is guessing, new guests
 * cannot enter the PIN meanwhile, and a new PIN lets them in at once. Their guests are never locked out silently.
 * News that comes after the lock ended is not mailed; a refused send is retried like every mail.
 */
@Injectable()
export class PinGuessingMailConsumer extends DurableConsumerService {
  static readonly NAME = 'events-pin-guessing-mail';
  protected readonly subjects = [Subjects.PinGuessingStopped];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {
    super(bus, dataSource, PinGuessingMailConsumer.NAME);
  }

  protected canStart(): boolean {
    return this.mailer !== null;
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { code, wrongPins, until } = (event as DomainEvent<typeof Subjects.PinGuessingStopped>).data;
    const msLeft = Date.parse(until) - Date.now();
    if (msLeft <= 0) return;
    const [order, gallery] = await Promise.all([
      manager.findOneBy(OrderEntity, { eventCode: code }),
      manager.findOneBy(GalleryEntity, { code }),
    ]);
    if (!order || !gallery || !(await ownerWants(manager, code, 'pinGuessing'))) return;
    const mail = pinGuessingMail(order.language, {
      code,
      wrongPins,
      hours: Math.ceil(msLeft / (60 * 60 * 1000)),
      galleryUrl: `${this.config.publicUrl}${galleryPath(code, gallery.language)}`,
    });
    await this.mailer!.send({ to: order.email, ...mail });
  }
}
