import { Module } from '@nestjs/common';
import { VideoFrames } from './video-frames.js';

/** A video's frame for its thumbnail and preview, read with ffmpeg. */
@Module({
  providers: [{ provide: VideoFrames, useFactory: () => VideoFrames.locate() }],
  exports: [VideoFrames],
})
export class VideosModule {}
