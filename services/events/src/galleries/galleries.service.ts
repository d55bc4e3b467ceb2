import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_MAIL_LANGUAGE,
  DEFAULT_PRIVACY,
  expiryDate,
  galleryPath,
  mailLanguageSchema,
  parseOrderForm,
  validateOrderForm,
  type OrderField,
  type OrderFormErrors,
} from '@gallery/contracts';
import { AppError, OutboxRelay } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import type { OrderEntity } from '../orders/order.entity.js';
import { OwnerTokens } from '../owners/owner-tokens.js';
import type { CreatedGallery } from './created-gallery.js';
import type { GalleryEntity } from './gallery.entity.js';
import { GalleriesRepository } from './galleries.repository.js';
import { GalleryCodeTakenError } from './gallery-code-taken.error.js';
import { GalleryCodes } from './gallery-codes.js';
import { galleryName } from './gallery-name.js';

/** A collision needs two of ~1.5e11 codes to meet; several in a row means something else is wrong. */
const MAX_CODE_ATTEMPTS = 5;

@Injectable()
export class GalleriesService {
  constructor(
    @Inject(GalleriesRepository) private readonly galleries: GalleriesRepository,
    @Inject(OwnerTokens) private readonly ownerTokens: OwnerTokens,
    @Inject(GalleryCodes) private readonly codes: GalleryCodes,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(EventsConfig) private readonly config: EventsConfig,
  ) {}

  /**
   * Creates the gallery from the order form. Every gallery starts on the free plan; a paid package is kept on
   * the order as awaiting payment, and billing upgrades the gallery once paid.
   */
  async createGallery(
    form: Partial<Record<OrderField | 'language', unknown>>,
    now = new Date(),
  ): Promise<CreatedGallery> {
    const errors = validateOrderForm(form, now);
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    // The web app sends its own language, not something a person typed: a wrong one is a broken client.
    const language = mailLanguageSchema.safeParse(form.language ?? DEFAULT_MAIL_LANGUAGE);
    if (!language.success) throw new AppError('VALIDATION_FAILED');
    const { coupleNames, weddingDate, location, email, phone, plan } = parseOrderForm(form, now);

    const paymentRequired = plan !== 'free';
    const owner = this.ownerTokens.issue();
    const galleryWithCode = (code: string): NewGallery => ({
      event: {
        code,
        name: galleryName(coupleNames),
        coupleNames,
        weddingDate,
        location,
        plan: 'free',
        createdAt: now,
        expiresAt: expiryDate('free', weddingDate, now),
        ownerTokenHash: owner.hash,
        guestDownloads: false,
        uploadsOpenAt: DEFAULT_PRIVACY.uploadsOpenAt,
        uploadsCloseAt: DEFAULT_PRIVACY.uploadsCloseAt,
        guestOriginals: DEFAULT_PRIVACY.guestOriginals,
        visibility: DEFAULT_PRIVACY.visibility,
        revealAt: DEFAULT_PRIVACY.revealAt,
        ownerDownloadsKeepMetadata: DEFAULT_PRIVACY.ownerDownloadsKeepMetadata,
        approval: DEFAULT_PRIVACY.approval,
        language: language.data,
        welcomeLine: null,
      },
      order: {
        id: randomUUID(),
        eventCode: code,
        coupleNames,
        weddingDate,
        location,
        email,
        phone,
        requestedPlan: plan,
        status: paymentRequired ? 'awaiting_payment' : 'fulfilled',
        language: language.data,
        createdAt: now,
      },
    });

    const event = await this.insertWithFreshCode(galleryWithCode);
    this.relay.kick();
    return {
      event,
      ownerToken: owner.token,
      galleryUrl: `${this.config.publicUrl}${galleryPath(event.code, event.language)}`,
      paymentRequired,
      email,
    };
  }

  /**
   * Another gallery for a signed-in owner: the contact details (email, phone) come from the owner's latest
   * order, so the couple types only the wedding's details and the package.
   */
  async createForOwner(
    email: string,
    details: Partial<Record<'coupleNames' | 'weddingDate' | 'location' | 'plan' | 'language', unknown>>,
    now = new Date(),
  ): Promise<CreatedGallery> {
    const latest = await this.galleries.latestOrderOf(email);
    if (!latest) throw new AppError('UNAUTHENTICATED');
    return this.createGallery({ ...details, email: latest.email, phone: latest.phone }, now);
  }

  /** Changes a gallery's name, date and location by the order form's rules; VALIDATION_FAILED as the form. */
  async updateDetails(
    code: string,
    details: Partial<Record<'coupleNames' | 'weddingDate' | 'location', unknown>>,
    now = new Date(),
  ): Promise<GalleryEntity> {
    const order = await this.galleries.findOrder(code);
    if (!order) throw new AppError('GALLERY_NOT_FOUND');
    const form = { email: order.email, phone: order.phone, plan: order.requestedPlan, ...details };
    const errors = validateOrderForm(form, now);
    if (Object.keys(errors).length > 0) throw validationFailed(errors);
    const { coupleNames, weddingDate, location } = parseOrderForm(form, now);
    await this.galleries.updateDetails(code, {
      name: galleryName(coupleNames),
      coupleNames,
      weddingDate,
      location,
    });
    this.relay.kick();
    const updated = await this.galleries.findByCode(code);
    if (!updated) throw new AppError('GALLERY_NOT_FOUND');
    return updated;
  }

  private async insertWithFreshCode(galleryWithCode: (code: string) => NewGallery): Promise<GalleryEntity> {
    for (let attempt = 1; ; attempt++) {
      const { event, order } = galleryWithCode(this.codes.next());
      try {
        await this.galleries.createWithOrder(event, order);
        return event;
      } catch (error) {
        if (!(error instanceof GalleryCodeTakenError) || attempt >= MAX_CODE_ATTEMPTS) throw error;
      }
    }
  }
}

interface NewGallery {
  event: GalleryEntity;
  order: OrderEntity;
}

/** The form's errors, by field, as message keys the web app translates. */
function validationFailed(fields: OrderFormErrors): AppError {
  return new AppError('VALIDATION_FAILED', { extensions: { fields } });
}
