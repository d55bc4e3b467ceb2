import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicTask } from '@gallery/platform';
import { PendingGuestCopies } from './pending-guest-copies.js';

/** How often videos recorded before guest copies existed are looked for. */
const GUEST_COPY_SWEEP_INTERVAL_MS = 60 * 1000;
/** Copies one sweep makes at most, one after the other in the background lane. */
const GUEST_COPY_SWEEP_BATCH = 20;

/**
 * Makes the guest copies of videos recorded before guest copies existed (`guest_copy_pending`), a few at a time
 * in the image work queue's background lane, shared between replicas as previews are (PendingGuestCopies): a
 * video's copy, hundreds of megabytes, is too long to make for the request that first asks for it, and its
 * original is not served to guests until then. A photo's is made when first asked for.
 */
@Injectable()
export class GuestCopySweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(GuestCopySweep.name);
  private readonly sweeps: PeriodicTask;
  private closing = false;

  constructor(@Inject(PendingGuestCopies) private readonly pending: PendingGuestCopies) {
    this.sweeps = new PeriodicTask(
      'guest copy sweep',
      GUEST_COPY_SWEEP_INTERVAL_MS,
      () => this.sweepOnce(),
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    await this.sweeps.stop();
  }

  /** Makes up to one batch of pending video copies; how many videos it settled. */
  async sweepOnce(): Promise<number> {
    let settled = 0;
    while (settled < GUEST_COPY_SWEEP_BATCH && !this.closing && (await this.pending.buildNextVideo()))
      settled++;
    if (settled > 0) this.logger.log(`made the guest copies of ${settled} earlier videos`);
    return settled;
  }
}
