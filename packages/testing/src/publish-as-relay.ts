/** A bus to publish on: @gallery/platform's EventBus, or anything that publishes as it does. */
interface Publisher<E> {
  publish(event: E): Promise<unknown>;
}

/**
 * Publishes `event` as the events service's outbox relay does: a publish that JetStream did not acknowledge in
 * the bus's time (a loaded machine can hold an acknowledgement past it) is sent again, with the same id, which
 * JetStream drops should the first have arrived. Any other failure is the test's.
 */
export async function publishAsRelay<E>(bus: Publisher<E>, event: E, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await bus.publish(event);
      return;
    } catch (error) {
      const unacknowledged = error instanceof Error && error.name === 'TimeoutError';
      if (!unacknowledged || attempt >= attempts) throw error;
    }
  }
}
