import { connect, type NatsConnection } from '@nats-io/transport-node';
import {
  GraphQLEnumType,
  GraphQLID,
  GraphQLInt,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLString,
  type GraphQLFieldConfig,
} from 'graphql';
import {
  ARCHIVE_PROGRESS_SUBJECT_PREFIX,
  ARCHIVE_STAGES,
  archiveProgressSchema,
  isGalleryCode,
  normalizeEventCode,
  type ArchiveProgress,
} from '@gallery/contracts';
import { AppError } from '@gallery/platform';
import { GalleryTopic } from './gallery-topic.js';
import type { LiveContext } from './live-schema.js';

/** What the subscription source stream yields: the root value of the selection. */
export interface ArchiveProgressEvent {
  archiveProgress: ArchiveProgress;
}

const archiveStageType = new GraphQLEnumType({
  name: 'ArchiveStage',
  values: Object.fromEntries(ARCHIVE_STAGES.map((stage) => [stage.toUpperCase(), { value: stage }])),
});

const archiveProgressType = new GraphQLObjectType({
  name: 'ArchiveProgress',
  description: "A step of a gallery's zip build (Download All); the link to the zip is read with archiveJob",
  fields: {
    eventCode: { type: new GraphQLNonNull(GraphQLString) },
    jobId: { type: new GraphQLNonNull(GraphQLID) },
    stage: { type: new GraphQLNonNull(archiveStageType) },
    count: {
      type: new GraphQLNonNull(GraphQLInt),
      description: 'Photos added so far, or in the finished zip',
    },
    total: { type: new GraphQLNonNull(GraphQLInt), description: 'Photos the zip will hold, once known' },
  },
});

/** The `archiveProgress(eventCode)` subscription field, listening to a topic of progress events. */
export function archiveProgressField(
  topic: GalleryTopic<ArchiveProgressEvent>,
): GraphQLFieldConfig<unknown, LiveContext, { eventCode: string }> {
  return {
    type: new GraphQLNonNull(archiveProgressType),
    args: { eventCode: { type: new GraphQLNonNull(GraphQLString) } },
    subscribe: (_root, args, context) => {
      const code = normalizeEventCode(args.eventCode);
      if (!isGalleryCode(code)) throw new AppError('GALLERY_NOT_FOUND');
      return topic.listen(code, () => context.fellBehind());
    },
  };
}

/**
 * Feeds zip progress from core NATS (`live.archive.progress.*`, published by the download service) into the
 * topic. No queue group: every gateway replica serves its own sockets. A message breaking the contract is
 * skipped. Progress published while NATS was away is lost; the web app also reads the job's status.
 */
export class NatsArchiveProgressFeed {
  private connection: NatsConnection | undefined;
  private stopped = false;

  constructor(
    private readonly natsUrl: string,
    readonly topic: GalleryTopic<ArchiveProgressEvent>,
    private readonly log: { warn(message: string): void } = console,
  ) {}

  async start(): Promise<void> {
    const connection = await connect({
      servers: this.natsUrl,
      name: 'gateway-archive-progress',
      maxReconnectAttempts: -1,
      waitOnFirstConnect: true,
    });
    if (this.stopped) {
      await connection.close();
      return;
    }
    this.connection = connection;
    connection.subscribe(`${ARCHIVE_PROGRESS_SUBJECT_PREFIX}.*`, {
      callback: (_error, message) => this.receive(message.data),
    });
    await connection.flush();
  }

  receive(data: Uint8Array): void {
    let progress: ArchiveProgress;
    try {
      progress = archiveProgressSchema.parse(JSON.parse(new TextDecoder().decode(data)));
    } catch {
      this.log.warn('ignored an archive progress message that breaks its contract');
      return;
    }
    this.topic.publish(progress.eventCode, { archiveProgress: progress });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.connection && !this.connection.isClosed()) await this.connection.drain();
  }
}
