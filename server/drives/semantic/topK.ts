/**
 * The `k` best of a stream of scored ids (small non-negative integers, such
 * as passage slots), kept in a min-heap of typed arrays: O(n log k), no sort
 * of every item and no object per item (a search offers every passage of a
 * drive, thousands per query).
 */
export class TopK {
  private readonly ids: Int32Array;
  private readonly scores: Float64Array;
  private size = 0;

  constructor(private readonly k: number) {
    this.ids = new Int32Array(Math.max(0, k));
    this.scores = new Float64Array(Math.max(0, k));
  }

  /** The lowest score kept once full (-Infinity before). */
  get floor(): number {
    return this.size < this.k ? -Infinity : this.scores[0]!;
  }

  offer(id: number, score: number): void {
    if (this.k <= 0) return;
    if (this.size < this.k) {
      this.ids[this.size] = id;
      this.scores[this.size] = score;
      this.up(this.size++);
    } else if (score > this.scores[0]!) {
      this.ids[0] = id;
      this.scores[0] = score;
      this.down(0);
    }
  }

  /** Appends the kept ids to `ids` and their scores to `scores`, best first. */
  appendBest(ids: number[], scores: number[]): void {
    const order = Array.from({ length: this.size }, (_, i) => i);
    order.sort((a, b) => this.scores[b]! - this.scores[a]!);
    for (const i of order) {
      ids.push(this.ids[i]!);
      scores.push(this.scores[i]!);
    }
  }

  private swap(i: number, j: number) {
    const id = this.ids[i]!;
    this.ids[i] = this.ids[j]!;
    this.ids[j] = id;
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
    const n = this.size;
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
