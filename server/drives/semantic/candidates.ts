import { TopK } from './topK';
import type { VectorSlots } from './vectorSlots';

/**
 * Step 1 of a search of the vector index: the passages worth scoring word
 * by word. Every passage of the drives asked for is scored by the cosine of
 * its SIF vector with the query's, in one loop over typed arrays alone, and
 * the best `k` are kept; so is every slot the caller marks in `keep` (the
 * passages of files named by keyword hits, or with a query word the table
 * lacks, which a vector cannot show). A function of its own so that the
 * loop is optimised as one, whatever the search around it does.
 */

export interface CandidateQuery {
  vector: Float32Array;
  /** 1 at each group (drive number) asked for. */
  wanted: Uint8Array;
  /** 1 at each slot kept whatever its cosine (when in a drive asked for); null: none. */
  keep: Uint8Array | null;
}

export interface Candidates {
  /** The kept slots in slot order, then the `k` nearest, best first. */
  slots: number[];
  /** Each one's cosine (step 2 mixes it in: not read from the array again). */
  cosines: number[];
}

export function pickCandidates(vectors: VectorSlots, query: CandidateQuery, k: number): Candidates {
  const { groups, end } = vectors;
  const { vector: qv, wanted, keep } = query;
  const top = new TopK(k);
  const slots: number[] = [];
  const cosines: number[] = [];
  const asked = new Int32Array(end);
  let count = 0;
  for (let slot = 0; slot < end; slot++) {
    const group = groups[slot]!;
    if (group >= 0 && wanted[group] === 1) asked[count++] = slot;
  }
  const all = new Float64Array(count);
  vectors.dots(asked, count, qv, all);
  let floor = -Infinity;
  for (let i = 0; i < count; i++) {
    const slot = asked[i]!;
    const cosine = all[i]!;
    if (keep !== null && keep[slot] === 1) {
      slots.push(slot);
      cosines.push(cosine);
    }
    // Most passages fall below the best few hundred: the heap is not touched for them.
    else if (cosine > floor) {
      top.offer(slot, cosine);
      floor = top.floor;
    }
  }
  top.appendBest(slots, cosines);
  return { slots, cosines };
}
