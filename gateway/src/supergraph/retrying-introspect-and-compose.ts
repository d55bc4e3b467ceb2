import { IntrospectAndCompose, type SupergraphManager } from '@apollo/gateway';

type IntrospectAndComposeOptions = ConstructorParameters<typeof IntrospectAndCompose>[0];
type Hooks = Parameters<SupergraphManager['initialize']>[0];

export interface CompositionRetry {
  initialMs: number;
  maxMs: number;
  onRetry?: (error: unknown, delayMs: number) => void;
}

class StoppedBeforeComposition extends Error {
  constructor(lastFailure: unknown) {
    super('the gateway stopped before the supergraph was composed', { cause: lastFailure });
  }
}

/**
 * IntrospectAndCompose, which gives up when a subgraph does not answer at start, retried with back-off until
 * every subgraph answers: the gateway may start before the services. Once composed, IntrospectAndCompose's own
 * polling picks up a restarted or redeployed subgraph.
 */
export class RetryingIntrospectAndCompose implements SupergraphManager {
  private stopped = false;
  private wake: (() => void) | undefined;

  constructor(
    private readonly options: IntrospectAndComposeOptions,
    private readonly retry: CompositionRetry,
  ) {}

  async initialize(hooks: Hooks): ReturnType<SupergraphManager['initialize']> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await new IntrospectAndCompose(this.options).initialize(hooks);
      } catch (error) {
        if (this.stopped) throw new StoppedBeforeComposition(error);
        const delayMs = Math.min(this.retry.maxMs, this.retry.initialMs * 2 ** attempt);
        this.retry.onRetry?.(error, delayMs);
        await this.sleep(delayMs);
        if (this.stopped) throw new StoppedBeforeComposition(error);
      }
    }
  }

  /** Ends the retries; the pending `initialize` rejects. */
  stop(): void {
    this.stopped = true;
    this.wake?.();
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
