/**
 * `publish`, called at most once every `everyMs` however often the returned function is: a burst of changes
 * (a hundred files reporting their progress) is published once, as it stands then. The first change after a
 * quiet spell is published at the next turn of the event loop, never inside the task that made it.
 */
export function coalesced(publish: () => void, everyMs: number): () => void {
  let last = -Infinity;
  let pending = false;
  return () => {
    if (pending) return;
    pending = true;
    setTimeout(
      () => {
        pending = false;
        last = Date.now();
        publish();
      },
      Math.max(0, last + everyMs - Date.now()),
    );
  };
}
