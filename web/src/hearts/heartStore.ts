/**
 * The gallery's hearts as this screen knows them: counts newer than the photos' own (from live batches and this
 * guest's taps) and which photos this guest has hearted. Each heart button subscribes to its own photo, so a
 * batch of counts re-renders only the buttons whose count moved, never the grid.
 */
export class HeartStore {
  private readonly counts = new Map<string, number>();
  private mine = new Set<string>();
  private readonly listeners = new Map<string, Set<() => void>>();

  /** The photo's count: the newest known, else the one its photo was read with. */
  count(photoId: string, readCount: number | undefined): number {
    return this.counts.get(photoId) ?? readCount ?? 0;
  }

  hearted(photoId: string): boolean {
    return this.mine.has(photoId);
  }

  subscribe(photoId: string, listener: () => void): () => void {
    let set = this.listeners.get(photoId);
    if (!set) {
      set = new Set();
      this.listeners.set(photoId, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(photoId);
    };
  }

  setCounts(counts: { photoId: string; heartCount: number }[]): void {
    for (const { photoId, heartCount } of counts) {
      if (this.counts.get(photoId) === heartCount) continue;
      this.counts.set(photoId, heartCount);
      this.notify(photoId);
    }
  }

  setHearted(photoId: string, hearted: boolean): void {
    if (this.mine.has(photoId) === hearted) return;
    if (hearted) this.mine.add(photoId);
    else this.mine.delete(photoId);
    this.notify(photoId);
  }

  /** This guest's hearts as the server holds them (read when the gallery opens and after a reconnect). */
  setMine(photoIds: string[]): void {
    const before = this.mine;
    this.mine = new Set(photoIds);
    for (const id of new Set([...before, ...this.mine])) {
      if (before.has(id) !== this.mine.has(id)) this.notify(id);
    }
  }

  /** Forgets the newer counts: a fresh read of the gallery carries them all. */
  forgetCounts(): void {
    const ids = [...this.counts.keys()];
    this.counts.clear();
    for (const id of ids) this.notify(id);
  }

  private notify(photoId: string): void {
    for (const listener of this.listeners.get(photoId) ?? []) listener();
  }
}
