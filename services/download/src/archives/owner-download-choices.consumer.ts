import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DEFAULT_PRIVACY, Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';

/**
 * Keeps each gallery's choice whether the couple's Download All holds the untouched originals or the guests'
 * copies (no location, serial numbers or names), from events' `event.privacy-changed`: a request reads it here,
 * never asks per request. A gallery that ends loses its row (event.expired).
 */
@Injectable()
export class OwnerDownloadChoicesConsumer extends DurableConsumerService {
  static readonly NAME = 'download-owner-choices';
  protected readonly subjects = [Subjects.PrivacyChanged, Subjects.EventExpired];

  constructor(@Inject(EventBus) bus: EventBus, @Inject(DataSource) dataSource: DataSource) {
    super(bus, dataSource, OwnerDownloadChoicesConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type === Subjects.PrivacyChanged) {
      const settings = (event as DomainEvent<typeof Subjects.PrivacyChanged>).data;
      await manager.query(
        `INSERT INTO owner_download_choices (event_code, keep_metadata) VALUES ($1, $2)
         ON CONFLICT (event_code) DO UPDATE SET keep_metadata = EXCLUDED.keep_metadata`,
        [settings.code, settings.ownerDownloadsKeepMetadata ?? DEFAULT_PRIVACY.ownerDownloadsKeepMetadata],
      );
    } else if (event.type === Subjects.EventExpired) {
      const { code } = (event as DomainEvent<typeof Subjects.EventExpired>).data;
      await manager.query('DELETE FROM owner_download_choices WHERE event_code = $1', [code]);
    }
  }
}

/** Whether the couple's Download All of the gallery keeps the originals' metadata (true unless they said no). */
export async function ownerKeepsMetadata(dataSource: DataSource, code: string): Promise<boolean> {
  const rows = (await dataSource.query(
    'SELECT keep_metadata FROM owner_download_choices WHERE event_code = $1',
    [code],
  )) as { keep_metadata: boolean }[];
  return rows[0]?.keep_metadata ?? DEFAULT_PRIVACY.ownerDownloadsKeepMetadata;
}
