import { Requests } from '@gallery/contracts';
import type { EventBus } from '@gallery/platform';

/**
 * The events service's answer to media's guest admission request for galleries without a PIN: every guest
 * admitted. Tests that start media without events answer it with this.
 */
export async function admitEveryGuest(bus: EventBus): Promise<void> {
  bus.nc.subscribe(Requests.GuestAdmission, {
    callback: (_error, message) => {
      message.respond(JSON.stringify({ admitted: true }));
    },
  });
  await bus.nc.flush();
}
