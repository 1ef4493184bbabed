/**
 * The `k` best of a stream of scored items, kept in a min-heap: O(n log k)
 * and no sort of every item (a search scores every passage of a drive).
 */
export class TopK<T> {
  private readonly items: T[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly k: number) {}

  /** The lowest score kept once full (-Infinity before). */
  get floor(): number {
    return this.items.length < this.k ? -Infinity : this.scores[0]!;
  }

  offer(item: T, score: number): void {
    if (this.k <= 0) return;
    if (this.items.length < this.k) {
      this.items.push(item);
      this.scores.push(score);
      this.up(this.items.length - 1);
    } else if (score > this.scores[0]!) {
      this.items[0] = item;
      this.scores[0] = score;
      this.down(0);
    }
  }

  /** The kept items, best first. */
  best(): T[] {
    return this.items
      .map((item, i) => ({ item, score: this.scores[i]! }))
      .sort((a, b) => b.score - a.score)
      .map((x) => x.item);
  }

  private swap(i: number, j: number) {
    const item = this.items[i]!;
    this.items[i] = this.items[j]!;
    this.items[j] = item;
    const score = this.scores[i]!;
    this.scores[i] = this.scores[j]!;
    this.scores[j] = score;
  }

  private up(i: number) {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (this.scores[parent]! <= this.scores[i]!) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number) {
    const n = this.items.length;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let least = i;
      if (l < n && this.scores[l]! < this.scores[least]!) least = l;
      if (r < n && this.scores[r]! < this.scores[least]!) least = r;
      if (least === i) return;
      this.swap(i, least);
      i = least;
    }
  }
}
