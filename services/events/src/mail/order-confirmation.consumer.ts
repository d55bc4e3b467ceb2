import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import QRCode from 'qrcode';
import {
  expiryDate,
  galleryPath,
  ORDER_QR_CID,
  orderConfirmationMail,
  Subjects,
  type DomainEvent,
} from '@gallery/contracts';
import { DurableConsumerService, EventBus, Mailer } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { OrderEntity } from '../orders/order.entity.js';

/**
 * A confirmation that would reach the couple later than this after their order is not sent: it covers a mail
 * server down for hours, and keeps a consumer started on an old stream (a first deployment) from mailing
 * every past order.
 */
export const ORDER_CONFIRMATION_MAX_DELAY_MS = 24 * 60 * 60 * 1000;

/**
 * Mails the couple their order confirmation once their gallery exists: the code, the link and its QR code (a
 * PNG shown in the HTML body), the package, the way to their galleries and, for a paid one, that payment is
 * pending. The address is read from the order here; it never travels in
 * events. A refused send fails the handler, so the event is redelivered and the mail retried.
 */
@Injectable()
export class OrderConfirmationConsumer extends DurableConsumerService {
  static readonly NAME = 'events-order-confirmation';
  protected readonly subjects = [Subjects.EventCreated];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {
    super(bus, dataSource, OrderConfirmationConsumer.NAME);
  }

  protected canStart(): boolean {
    if (!this.mailer) this.logger.warn('SMTP_URL is not set: order confirmations are not sent');
    return this.mailer !== null;
  }

  async onModuleDestroy(): Promise<void> {
    await super.onModuleDestroy();
    this.mailer?.close();
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { code } = (event as DomainEvent<typeof Subjects.EventCreated>).data;
    if (Date.now() - Date.parse(event.occurredAt) > ORDER_CONFIRMATION_MAX_DELAY_MS) {
      this.logger.warn(`order confirmation for ${code} not sent: the order is over a day old`);
      return;
    }
    const order = await manager.findOneBy(OrderEntity, { eventCode: code });
    if (!order) {
      this.logger.warn(`order confirmation for ${code} not sent: no order`);
      return;
    }
    const galleryUrl = `${this.config.publicUrl}${galleryPath(code, order.language)}`;
    const mail = orderConfirmationMail(order.language, {
      coupleNames: order.coupleNames,
      code,
      galleryUrl,
      dashboardUrl: `${this.config.publicUrl}/dashboard`,
      plan: order.requestedPlan,
      paymentPending: order.status === 'awaiting_payment',
      // What the package ordered gives (a paid one once its payment is applied), by the same rule as the gallery.
      expiresAt: expiryDate(order.requestedPlan, order.weddingDate, order.createdAt).toISOString(),
    });
    const qrCode = await QRCode.toBuffer(galleryUrl, { width: 400, margin: 2, errorCorrectionLevel: 'M' });
    await this.mailer!.send({
      to: order.email,
      ...mail,
      attachments: [
        { filename: `gallery-${code}-qr.png`, content: qrCode, contentType: 'image/png', cid: ORDER_QR_CID },
      ],
    });
  }
}
