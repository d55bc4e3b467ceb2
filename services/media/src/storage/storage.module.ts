import { Module } from '@nestjs/common';
import { MediaConfig } from '../config/media-config.js';
import { KeptPhotoFiles } from './kept-photo-files.js';
import { ObjectStorage } from './object-storage.js';
import { StorageDeletions } from './storage-deletions.js';

/** The bucket of originals, thumbnails, previews and guest copies, and the queue of objects to delete from it. */
@Module({
  providers: [
    {
      provide: ObjectStorage,
      inject: [MediaConfig],
      useFactory: async (config: MediaConfig) => {
        const storage = ObjectStorage.fromConfig(config.storage);
        await storage.prepare();
        return storage;
      },
    },
    StorageDeletions,
    { provide: KeptPhotoFiles, useFactory: () => new KeptPhotoFiles() },
  ],
  exports: [ObjectStorage, StorageDeletions, KeptPhotoFiles],
})
export class StorageModule {}
