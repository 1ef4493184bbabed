/**
 * Vectors of one length kept in a single Float32Array, one slot each, with
 * a group number per slot (a passage's drive), so that a search can run the
 * dot product of every passage in one tight loop over contiguous memory
 * (no object, no pointer chase per passage: at 10,000 passages reading one
 * field of each passage object cost more than the dot products). A freed
 * slot is reused by the next vector added; the arrays double when full.
 */
/** The group of a free slot. */
export const FREE = -1;

export class VectorSlots {
  private values: Float32Array;
  private groupOf: Int32Array;
  private capacity: number;
  private high = 0;
  private readonly free: number[] = [];

  constructor(
    readonly dims: number,
    initialCapacity = 256,
  ) {
    this.capacity = Math.max(1, initialCapacity);
    this.values = new Float32Array(this.capacity * dims);
    this.groupOf = new Int32Array(this.capacity).fill(FREE);
  }

  /** The backing array: slot s is data[s*dims … (s+1)*dims). Read it again after an add (it may grow). */
  get data(): Float32Array {
    return this.values;
  }

  /** Each slot's group (FREE for a free slot). Read it again after an add (it may grow). */
  get groups(): Int32Array {
    return this.groupOf;
  }

  /** One past the highest slot ever handed out (freed slots below it read as zeros). */
  get end(): number {
    return this.high;
  }

  /** Stores a copy of `vector` (of `dims` values) in `group` (≥ 0) and returns its slot. */
  add(vector: Float32Array, group = 0): number {
    let slot = this.free.pop();
    if (slot === undefined) {
      if (this.high === this.capacity) this.grow();
      slot = this.high++;
    }
    this.values.set(vector, slot * this.dims);
    this.groupOf[slot] = group;
    return slot;
  }

  /** Gives the slot back (zeroed, so a stale read scores 0). */
  release(slot: number): void {
    this.values.fill(0, slot * this.dims, (slot + 1) * this.dims);
    this.groupOf[slot] = FREE;
    this.free.push(slot);
  }

  /** The dot product of a slot's vector with `q`, summed in order as meaning.ts's dot does. */
  dot(slot: number, q: Float32Array): number {
    const { values, dims } = this;
    let sum = 0;
    for (let d = 0, i = slot * dims; d < dims; d++, i++) sum += values[i]! * q[d]!;
    return sum;
  }

  /**
   * dot(slots[i], q) into out[i] for the first `count` slots, each summed in
   * the same order as dot() and so to the same bits; two slots at a time,
   * as two chains of additions that do not wait for each other (one chain
   * left the processor idle between additions).
   */
  dots(slots: Int32Array, count: number, q: Float32Array, out: Float64Array): void {
    const { values, dims } = this;
    let i = 0;
    for (; i + 1 < count; i += 2) {
      let a = slots[i]! * dims;
      let b = slots[i + 1]! * dims;
      let sa = 0;
      let sb = 0;
      for (let d = 0; d < dims; d++, a++, b++) {
        const qd = q[d]!;
        sa += values[a]! * qd;
        sb += values[b]! * qd;
      }
      out[i] = sa;
      out[i + 1] = sb;
    }
    if (i < count) out[i] = this.dot(slots[i]!, q);
  }

  /** A view of one slot's vector (valid until the next add). */
  view(slot: number): Float32Array {
    return this.values.subarray(slot * this.dims, (slot + 1) * this.dims);
  }

  private grow(): void {
    this.capacity *= 2;
    const next = new Float32Array(this.capacity * this.dims);
    next.set(this.values);
    this.values = next;
    const groups = new Int32Array(this.capacity).fill(FREE);
    groups.set(this.groupOf);
    this.groupOf = groups;
  }
}
