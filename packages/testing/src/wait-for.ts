/**
 * Polls `probe` every 50 ms until it gives a truthy value, and gives that;
 * fails after `timeoutMs` naming `what`. Tests wait for a condition this way, never for a fixed time.
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false | 0 | ''>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
