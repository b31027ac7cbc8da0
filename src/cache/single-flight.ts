/**
 * Work under way by key: callers asking for a key whose work is running share its promise rather
 * than start it again. A key is forgotten when its work settles, so a failure is never kept.
 */
export class SingleFlight<K, V> {
  private readonly flights = new Map<K, Promise<V>>();

  /** How many keys have work under way. */
  get size(): number {
    return this.flights.size;
  }

  /** The work under way for `key`, if any. */
  underWay(key: K): Promise<V> | undefined {
    return this.flights.get(key);
  }

  /**
   * Joins the work under way for `key`, or starts `work`. `settled` runs once, when the work this
   * call started ends, and only while it is still the key's work (see `forget`).
   */
  run(
    key: K,
    work: () => Promise<V>,
    settled?: (outcome: { value: V } | { error: unknown }) => void,
  ): Promise<V> {
    const running = this.flights.get(key);
    if (running !== undefined) return running;
    let started: Promise<V>;
    try {
      started = work();
    } catch (error) {
      started = Promise.reject(error);
    }
    const flight: Promise<V> = started.then(
      (value) => {
        if (this.end(key, flight)) settled?.({ value });
        return value;
      },
      (error: unknown) => {
        if (this.end(key, flight)) settled?.({ error });
        throw error;
      },
    );
    this.flights.set(key, flight);
    return flight;
  }

  /**
   * Lets the work under way for `key` (or every key) run on unregistered: its callers still get its
   * result, the next caller starts anew, and its `settled` does not run (what it would keep is of
   * before a clear).
   */
  forget(key?: K): void {
    if (key === undefined) this.flights.clear();
    else this.flights.delete(key);
  }

  private end(key: K, flight: Promise<V>): boolean {
    if (this.flights.get(key) !== flight) return false;
    this.flights.delete(key);
    return true;
  }
}
