import { Inject, Injectable } from '@nestjs/common';
import { DataSource, QueryFailedError } from 'typeorm';
import { recomputedExpiry, Subjects, type EventCreatedData, type MailLanguage } from '@gallery/contracts';
import { recordEvent } from '@gallery/platform';
import { OrderEntity } from '../orders/order.entity.js';
import { GalleryEntity } from './gallery.entity.js';
import { GalleryCodeTakenError } from './gallery-code-taken.error.js';

const UNIQUE_VIOLATION = '23505';

/** The galleries' and orders' tables. */
@Injectable()
export class GalleriesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  findByCode(code: string): Promise<GalleryEntity | null> {
    return this.dataSource.getRepository(GalleryEntity).findOneBy({ code });
  }

  /** The order that created gallery `code` (one per gallery), or null. */
  findOrder(code: string): Promise<OrderEntity | null> {
    return this.dataSource.getRepository(OrderEntity).findOneBy({ eventCode: code });
  }

  /** The latest order placed with this email (any case), or null. */
  latestOrderOf(email: string): Promise<OrderEntity | null> {
    return this.dataSource
      .getRepository(OrderEntity)
      .createQueryBuilder('o')
      .where('lower(o.email) = :email', { email: email.trim().toLowerCase() })
      .orderBy('o.created_at', 'DESC')
      .getOne();
  }

  /** The galleries ordered with this email, newest first. */
  galleriesOf(email: string, limit: number): Promise<GalleryEntity[]> {
    return (
      this.dataSource
        .getRepository(GalleryEntity)
        .createQueryBuilder('e')
        .innerJoin(OrderEntity, 'o', 'o.event_code = e.code')
        .where('lower(o.email) = :email', { email: email.trim().toLowerCase() })
        // A gallery ordered on a paid plan is the couple's once paid: until then it is no Free gallery of theirs.
        .andWhere("o.status <> 'awaiting_payment'")
        .orderBy('e.created_at', 'DESC')
        .limit(limit)
        .getMany()
    );
  }

  /** The language the gallery's links, QR codes and mails open it in. */
  async setLanguage(code: string, language: MailLanguage): Promise<void> {
    await this.dataSource.getRepository(GalleryEntity).update({ code }, { language });
  }

  /** The couple's welcome line on the guest's landing; null removes it. */
  async setWelcomeLine(code: string, welcomeLine: string | null): Promise<void> {
    await this.dataSource.getRepository(GalleryEntity).update({ code }, { welcomeLine });
  }

  /**
   * A gallery's name, date and location, and the same on its order. A later wedding date moves the expiry by the
   * order's rule (never shortening it) and tells the other services with `plan.upgraded` (reason wedding-date).
   */
  async updateDetails(
    code: string,
    details: Pick<GalleryEntity, 'name' | 'coupleNames' | 'weddingDate' | 'location'>,
  ): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      // Locked so a payment applied at the same moment cannot be overwritten with an older expiry.
      const gallery = await manager
        .createQueryBuilder(GalleryEntity, 'event')
        .where('event.code = :code', { code })
        .setLock('pessimistic_write')
        .getOne();
      if (!gallery) return;
      const expiresAt = recomputedExpiry(
        gallery.plan,
        details.weddingDate,
        gallery.createdAt,
        gallery.expiresAt,
      );
      await manager.update(GalleryEntity, { code }, { ...details, expiresAt });
      const { coupleNames, weddingDate, location } = details;
      await manager.update(OrderEntity, { eventCode: code }, { coupleNames, weddingDate, location });
      if (expiresAt.getTime() !== gallery.expiresAt.getTime()) {
        await recordEvent(manager, Subjects.PlanUpgraded, {
          code,
          previousPlan: gallery.plan,
          plan: gallery.plan,
          expiresAt: expiresAt.toISOString(),
          reason: 'wedding-date',
        });
      }
    });
  }

  /**
   * Stores a new gallery with its order and records `event.created` in the same transaction, so the event is
   * published exactly when the gallery exists. Throws GalleryCodeTakenError when the code is already used.
   */
  async createWithOrder(event: GalleryEntity, order: OrderEntity): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.insert(GalleryEntity, event);
        await manager.insert(OrderEntity, order);
        await recordEvent(manager, Subjects.EventCreated, eventCreatedData(event));
      });
    } catch (error) {
      const driverError = error instanceof QueryFailedError ? (error.driverError as PostgresError) : {};
      if (driverError.code === UNIQUE_VIOLATION && driverError.constraint === 'events_pkey') {
        throw new GalleryCodeTakenError(event.code);
      }
      throw error;
    }
  }
}

/** A gallery as `event.created` describes it to the other services. */
export function eventCreatedData(event: GalleryEntity): EventCreatedData {
  return {
    code: event.code,
    name: event.name,
    plan: event.plan,
    createdAt: event.createdAt.toISOString(),
    expiresAt: event.expiresAt.toISOString(),
  };
}

interface PostgresError {
  code?: string;
  constraint?: string;
}
