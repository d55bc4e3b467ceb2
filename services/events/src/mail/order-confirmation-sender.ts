import { Inject, Injectable } from '@nestjs/common';
import QRCode from 'qrcode';
import { expiryDate, galleryPath, ORDER_QR_CID, orderConfirmationMail } from '@gallery/contracts';
import { Mailer } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import type { OrderEntity } from '../orders/order.entity.js';

/**
 * The couple's order confirmation: the code, the link and its QR code (a PNG attached under its content id), the
 * package, the last day guests add photos and the way to their galleries. One per order: a Free order's when its
 * gallery is created, a paid order's once its payment is applied, never a "payment pending" one before.
 */
@Injectable()
export class OrderConfirmationSender {
  constructor(
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {}

  async send(order: OrderEntity, code: string, expiresAt?: string): Promise<void> {
    const galleryUrl = `${this.config.publicUrl}${galleryPath(code, order.language)}`;
    const mail = orderConfirmationMail(order.language, {
      coupleNames: order.coupleNames,
      code,
      galleryUrl,
      dashboardUrl: `${this.config.publicUrl}/dashboard`,
      plan: order.requestedPlan,
      paymentPending: false,
      // What the package ordered gives, by the same rule as the gallery (the plan's own when it was applied).
      expiresAt:
        expiresAt ?? expiryDate(order.requestedPlan, order.weddingDate, order.createdAt).toISOString(),
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
