import type { SemanticRowsRepository } from '../../store/semanticRows';
import type { PassagePlace, SemanticHit, SemanticIndex } from '../types';
import { MAX_QUERY_CHARS } from './scoring';
import { splitSections } from './sections';

/**
 * Semantic search through any OpenAI-compatible embeddings endpoint
 * (OpenAI, Ollama, vLLM, llama.cpp server, LM Studio…): each file is cut
 * into the same passages under their headings as the embedded index
 * (sections.ts), each passage embedded and stored in the store (table
 * semantic_embeddings, per model, with where it sits). A file scores the
 * best cosine of its passages against the query, clamped to 0..1, and
 * returns that passage; search.ts mixes in keyword hits the same way.
 */

export interface EmbeddingsIndexOptions {
  /** Where the vectors are kept (store.semanticRows). */
  rows: SemanticRowsRepository;
  /** e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1 (…/embeddings is appended). */
  baseUrl: string;
  apiKey?: string;
  model: string;
  fetch?: typeof fetch;
  /** Chunks sent per request (default 32). */
  batchSize?: number;
  timeoutMs?: number;
}

export class EmbeddingsError extends Error {}

/** Passages of about a thousand characters: what an embedding model reads well. */
const SECTIONS = { target: 900, max: 1600, maxPassages: 64 };

interface Entry {
  driveId: string;
  /** Unit-length vectors, one per passage. */
  vectors: Float32Array[];
  places: PassagePlace[];
}

function normalise(values: ArrayLike<number>): Float32Array {
  const v = Float32Array.from(values);
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  const norm = Math.sqrt(sum) || 1;
  for (let i = 0; i < v.length; i++) v[i]! /= norm;
  return v;
}

function endpoint(baseUrl: string): string {
  const trimmed = baseUrl.replace(/\/+$/, '');
  return trimmed.endsWith('/embeddings') ? trimmed : `${trimmed}/embeddings`;
}

function clip(text: string, n = 200): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n - 1)}…` : flat;
}

export function createEmbeddingsIndex(opts: EmbeddingsIndexOptions): SemanticIndex {
  const { model } = opts;
  const url = endpoint(opts.baseUrl);
  const doFetch = opts.fetch ?? globalThis.fetch;
  const batchSize = opts.batchSize ?? 32;
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const { rows } = opts;
  /** Every file's vectors of this model, read from the store once. */
  let entries: Promise<Map<number, Entry>> | null = null;

  async function load(): Promise<Map<number, Entry>> {
    const map = new Map<number, Entry>();
    for await (const row of rows.embeddings(model)) {
      const copy = new Float32Array(row.vector.byteLength / 4);
      new Uint8Array(copy.buffer).set(row.vector);
      const entry = map.get(row.file_id) ?? { driveId: row.drive_id, vectors: [], places: [] };
      entry.vectors.push(copy);
      entry.places.push({ start: row.start, stop: row.stop, heading: row.heading });
      map.set(row.file_id, entry);
    }
    return map;
  }

  const loaded = (): Promise<Map<number, Entry>> => {
    if (!entries) {
      entries = load();
      entries.catch(() => (entries = null));
    }
    return entries;
  };

  async function embed(inputs: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let start = 0; start < inputs.length; start += batchSize) {
      const batch = inputs.slice(start, start + batchSize);
      let response: Response;
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
          },
          body: JSON.stringify({ model, input: batch }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        const cause = (err as { cause?: { code?: string } }).cause?.code;
        const reason =
          (err as Error).name === 'TimeoutError'
            ? `no answer within ${timeoutMs / 1000} s`
            : (cause ?? (err as Error).message);
        throw new EmbeddingsError(`Embeddings request to ${url} failed: ${reason}`);
      }
      const text = await response.text();
      if (!response.ok) {
        let detail = clip(text);
        try {
          const body = JSON.parse(text) as { error?: { message?: string } | string };
          detail = typeof body.error === 'string' ? body.error : (body.error?.message ?? detail);
        } catch {
          // not JSON: keep the raw text
        }
        throw new EmbeddingsError(
          `Embeddings endpoint answered HTTP ${response.status}${detail ? `: ${clip(detail)}` : ''}`,
        );
      }
      let data: { index?: number; embedding?: unknown }[];
      try {
        data = (JSON.parse(text) as { data: typeof data }).data;
        if (!Array.isArray(data)) throw new Error('no data');
      } catch {
        throw new EmbeddingsError('Embeddings endpoint returned no "data" list of embeddings');
      }
      if (data.length !== batch.length) {
        throw new EmbeddingsError(
          `Embeddings endpoint returned ${data.length} embeddings for ${batch.length} inputs`,
        );
      }
      const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
      for (const item of ordered) {
        const e = item.embedding;
        if (!Array.isArray(e) || e.length === 0 || !e.every((x) => typeof x === 'number')) {
          throw new EmbeddingsError(
            'Embeddings endpoint returned an embedding that is not a list of numbers',
          );
        }
        out.push(normalise(e as number[]));
      }
    }
    return out;
  }

  return {
    name: `embeddings:${model}`,

    async upsert(doc) {
      const places = splitSections(doc.text, SECTIONS).filter((s) =>
        /[\p{L}\p{N}]/u.test(doc.text.slice(s.start, s.stop)),
      );
      const vectors = places.length
        ? await embed(places.map((s) => doc.text.slice(s.start, s.stop)))
        : [];
      await rows.putEmbeddings(
        doc.fileId,
        doc.driveId,
        model,
        vectors.map((v) => Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
        places,
      );
      const map = await loaded();
      if (vectors.length) map.set(doc.fileId, { driveId: doc.driveId, vectors, places });
      else map.delete(doc.fileId);
    },

    async remove(fileId) {
      await rows.removeEmbeddings(fileId);
      // A load under way may have read the file's rows before they went: forget them after it.
      const loading = entries;
      if (loading) (await loading.catch(() => undefined))?.delete(fileId);
    },

    async refresh(fileId) {
      // Not loaded yet: it reads every file when first used, this one included.
      const map = entries && (await entries.catch(() => null));
      if (!map) return;
      const rows = await opts.rows.embeddingsOf(fileId, model);
      if (rows.length === 0) {
        map.delete(fileId);
        return;
      }
      const vectors = rows.map((row) => {
        const copy = new Float32Array(row.vector.byteLength / 4);
        new Uint8Array(copy.buffer).set(row.vector);
        return copy;
      });
      const places = rows.map(({ start, stop, heading }) => ({ start, stop, heading }));
      map.set(fileId, { driveId: rows[0]!.drive_id, vectors, places });
    },

    async search(q) {
      const drives = new Set(q.driveIds);
      const map = await loaded();
      if (!q.query.trim() || drives.size === 0 || map.size === 0) return { hits: [], total: 0 };
      const [query] = await embed([q.query.slice(0, MAX_QUERY_CHARS)]);
      const scored: SemanticHit[] = [];
      for (const [fileId, entry] of map) {
        if (!drives.has(entry.driveId)) continue;
        let best = 0;
        let at = -1;
        entry.vectors.forEach((v, k) => {
          if (v.length !== query!.length) return;
          let dot = 0;
          for (let i = 0; i < v.length; i++) dot += v[i]! * query![i]!;
          if (dot > best) [best, at] = [dot, k];
        });
        const score = Math.min(1, best);
        if (score > 0 && score >= q.threshold)
          scored.push({ fileId, score, ...(at >= 0 ? { passage: entry.places[at] } : {}) });
      }
      scored.sort((a, b) => b.score - a.score || a.fileId - b.fileId);
      return { hits: scored.slice(q.offset, q.offset + q.limit), total: scored.length };
    },
  };
}
