interface Waiting<Item, Result> {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
}

/**
 * Gathers work of one key into batches, with one batch of a key under way at a time. An item for
 * an idle key goes at once, alone, so a quiet moment adds no wait; items that arrive while a batch
 * is under way go together as the next one. Made for work that serializes per key anyway (orders
 * of a venue wait for each other on the venue's ticket counter): one statement and one commit for
 * several items instead of one each, and the batch grows by itself when the load does.
 *
 * When a batch of several fails, each of its items runs again alone, so an error reaches only the
 * caller whose item caused it.
 */
export class KeyedBatcher<Key, Item, Result> {
  private readonly waiting = new Map<Key, Waiting<Item, Result>[]>();

  constructor(
    /** Runs one batch; answers one result per item, in the items' order. */
    private readonly run: (key: Key, items: Item[]) => Promise<Result[]>,
    private readonly maxBatch: number,
  ) {}

  add(key: Key, item: Item): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      const queue = this.waiting.get(key);
      if (queue) {
        queue.push({ item, resolve, reject });
        return;
      }
      const started = [{ item, resolve, reject }];
      this.waiting.set(key, started);
      void this.drain(key, started);
    });
  }

  private async drain(key: Key, queue: Waiting<Item, Result>[]): Promise<void> {
    while (queue.length) {
      const batch = queue.splice(0, this.maxBatch);
      try {
        const results = await this.runChecked(key, batch);
        for (const [i, entry] of batch.entries()) entry.resolve(results[i]);
      } catch (error) {
        if (batch.length === 1) batch[0].reject(error);
        else for (const entry of batch) await this.runAlone(key, entry);
      }
    }
    this.waiting.delete(key);
  }

  private async runAlone(key: Key, entry: Waiting<Item, Result>): Promise<void> {
    try {
      entry.resolve((await this.runChecked(key, [entry]))[0]);
    } catch (error) {
      entry.reject(error);
    }
  }

  private async runChecked(key: Key, batch: Waiting<Item, Result>[]): Promise<Result[]> {
    const results = await this.run(
      key,
      batch.map((entry) => entry.item),
    );
    if (results.length !== batch.length) throw new Error(`a batch of ${batch.length} answered ${results.length} results`);
    return results;
  }
}
