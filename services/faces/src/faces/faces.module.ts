import { Module } from '@nestjs/common';
import { FaceEngineProvider } from '../engine/face-engine.provider.js';
import { FaceRecords } from './face-records.js';
import { FindMeResolver } from './find-me.resolver.js';
import { FindMeService } from './find-me.service.js';
import { Indexer } from './indexer.js';
import { MediaRequests } from './media-requests.js';
import { PhotoChangesConsumer } from './photo-changes.consumer.js';
import { PreviewReader } from './preview-reader.js';

/** "Find me": the switch, the indexing of galleries' photos and guests' searches. */
@Module({
  providers: [
    FaceEngineProvider,
    FaceRecords,
    MediaRequests,
    PreviewReader,
    PhotoChangesConsumer,
    Indexer,
    FindMeService,
    FindMeResolver,
  ],
  exports: [FaceRecords, PreviewReader],
})
export class FacesModule {}
