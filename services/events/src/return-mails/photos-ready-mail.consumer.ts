import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  findMePath,
  galleryPath,
  mailStopPath,
  oneClickStopHeaders,
  oneClickStopPath,
  photosReadyMail,
  Subjects,
  type DomainEvent,
  type MailLanguage,
} from '@gallery/contracts';
import { DurableConsumerService, EventBus, GuestIdentities, Mailer } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';

/** The gallery's "My photos" choice, as the web app reads it from a link. */
export const MY_PHOTOS_QUERY = '?show=mine';

/**
 * Sends a guest's photos-ready mail once it is queued (with the gallery's "Find me" page where the couple turned
 * it on), then erases the address in the transaction that records
 * the event as handled. A request stopped or purged since it was queued has no address left: nothing goes.
 */
@Injectable()
export class PhotosReadyMailConsumer extends DurableConsumerService {
  static readonly NAME = 'events-photos-ready-mail';
  protected readonly subjects = [Subjects.PhotosReadyMailDue];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(GuestIdentities) private readonly identities: GuestIdentities,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {
    super(bus, dataSource, PhotosReadyMailConsumer.NAME);
  }

  protected canStart(): boolean {
    return this.mailer !== null;
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { requestId } = (event as DomainEvent<typeof Subjects.PhotosReadyMailDue>).data;
    const [request] = (await manager.query(
      `SELECT r.email, r.language, e.code, e.couple_names, e.find_me_on FROM photos_ready_requests r
       JOIN events e ON e.code = r.event_code
       WHERE r.id = $1 AND r.email IS NOT NULL FOR UPDATE OF r`,
      [requestId],
    )) as {
      email: string;
      language: MailLanguage;
      code: string;
      couple_names: string;
      find_me_on: boolean;
    }[];
    if (!request) return;
    const galleryUrl = `${this.config.publicUrl}${galleryPath(request.code, request.language)}`;
    const stopToken = this.identities.mailStopToken(requestId);
    const stopUrl = `${this.config.publicUrl}${mailStopPath(stopToken, request.language)}`;
    await this.mailer!.send({
      to: request.email,
      ...photosReadyMail(request.language, {
        coupleNames: request.couple_names,
        galleryUrl,
        myPhotosUrl: `${galleryUrl}${MY_PHOTOS_QUERY}`,
        findMeUrl: request.find_me_on
          ? `${this.config.publicUrl}${findMePath(request.code, request.language)}`
          : null,
        stopUrl,
      }),
      headers: oneClickStopHeaders(`${this.config.publicUrl}${oneClickStopPath(stopToken)}`),
    });
    await manager.query('UPDATE photos_ready_requests SET email = NULL, sent_at = now() WHERE id = $1', [
      requestId,
    ]);
  }
}
