import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { galleryFullMail, galleryPath, Subjects, upgradePath, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus, Mailer } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { OrderEntity } from '../orders/order.entity.js';
import { ownerWants } from '../return-mails/owner-mail-choices.js';

/**
 * Mails the couple when their gallery reached its plan's photo limit: guests are then told it is full and to let
 * the couple know, and the couple learns it from us first, with the way to lift the limit. Media records the
 * news once per gallery; a refused send is retried like every mail.
 */
@Injectable()
export class GalleryFullMailConsumer extends DurableConsumerService {
  static readonly NAME = 'events-gallery-full-mail';
  protected readonly subjects = [Subjects.GalleryFull];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {
    super(bus, dataSource, GalleryFullMailConsumer.NAME);
  }

  protected canStart(): boolean {
    return this.mailer !== null;
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { code, photoLimit } = (event as DomainEvent<typeof Subjects.GalleryFull>).data;
    const [order, gallery] = await Promise.all([
      manager.findOneBy(OrderEntity, { eventCode: code }),
      manager.findOneBy(GalleryEntity, { code }),
    ]);
    if (!order || !gallery || !(await ownerWants(manager, code, 'galleryFull'))) return;
    const mail = galleryFullMail(order.language, {
      code,
      photoLimit,
      galleryUrl: `${this.config.publicUrl}${galleryPath(code, gallery.language)}`,
      upgradeUrl: `${this.config.publicUrl}${upgradePath(code, order.language)}`,
    });
    await this.mailer!.send({ to: order.email, ...mail });
  }
}
