/**
 * One write at a time per file name in this process (README "Decisions", uploads): an upload and a
 * delete of the same name, or two uploads of it, run one after the other instead of racing inside
 * the storage (a rename or multipart completion meeting an unlink answered 500). Keys are the NFC
 * name, as stored. Waiting callers queue in arrival order; a failure does not block the next one.
 */
export class NameLocks {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `work` once every earlier `run` of the same name has settled; resolves or rejects with it. */
  async run<T>(name: string, work: () => Promise<T>): Promise<T> {
    const key = name.normalize('NFC');
    const previous = this.tails.get(key) ?? Promise.resolve();
    const mine = previous.then(work, work);
    const tail = mine.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await mine;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
