/**
 * A Map that holds at most `max` entries, the oldest dropped first: what a process keeps in memory
 * for many keys (refused rate-limit keys, Home's energy summaries) without growing without end.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super();
  }
  override set(key: K, value: V): this {
    if (this.size >= this.max && !this.has(key)) this.delete(this.keys().next().value as K);
    return super.set(key, value);
  }
}
