import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { backupStoppedMail, Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus, Mailer } from '@gallery/platform';
import { OrderEntity } from '../orders/order.entity.js';
import { ORDER_CONFIRMATION_MAX_DELAY_MS } from './order-confirmation.consumer.js';
import { ownerWants } from '../return-mails/owner-mail-choices.js';

/**
 * Mails the couple when the backup service stopped copying their gallery to their drive (the gallery left Premium
 * after a refund, or its storage ended): events holds the couple's address, the backup service does not. A refused
 * send is retried like every mail.
 */
@Injectable()
export class BackupStoppedMailConsumer extends DurableConsumerService {
  static readonly NAME = 'events-backup-stopped-mail';
  protected readonly subjects = [Subjects.BackupStopped];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {
    super(bus, dataSource, BackupStoppedMailConsumer.NAME);
  }

  protected canStart(): boolean {
    return this.mailer !== null;
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { code, reason, address } = (event as DomainEvent<typeof Subjects.BackupStopped>).data;
    // The daily digest says so while the gallery stays off Premium.
    if (reason === 'plan')
      await manager.query('UPDATE events SET backup_stopped_at = $2 WHERE code = $1', [
        code,
        event.occurredAt,
      ]);
    // Old news is not mailed (a mail server down for a day, a consumer started on an old stream).
    if (Date.now() - Date.parse(event.occurredAt) > ORDER_CONFIRMATION_MAX_DELAY_MS) return;
    const order = await manager.findOneBy(OrderEntity, { eventCode: code });
    if (!order || !(await ownerWants(manager, code, 'backupStopped'))) return;
    await this.mailer!.send({
      to: order.email,
      ...backupStoppedMail(order.language, { code, reason, address }),
    });
  }
}
