import path from 'node:path';
import { CSRF_COOKIE, HEADER_CSRF } from '../../protocol';
import { signIn, type EvalServer } from '../server';
import { loadSearchSet } from './set';
import type { QueryKind, SearchQuestion } from './types';

/**
 * The search set through the real server: every document uploaded to a
 * drive over HTTP (as a browser does), indexed by the server's own
 * indexer, then every query sent to POST /api/drives/{drive}/search/semantic
 * with the defaults a user gets (threshold 0.25). Where the right document
 * lands in the first five results gives top-1, MRR@5 and recall@5.
 */

export const EVAL_DRIVE = 'Eval Library';
const TOP = 5;

export interface SearchOutcome {
  question: SearchQuestion;
  /** 1-based rank of the right document in the first five, or 0. */
  rank: number;
  /** The paths returned, best first. */
  found: string[];
  ms: number;
  serverMs: number;
}

function csrfOf(cookie: string): string {
  return new RegExp(`(?:^|; )${CSRF_COOKIE}=([^;]*)`).exec(cookie)?.[1] ?? '';
}

async function upload(
  server: EvalServer,
  cookie: string,
  file: string,
  text: string,
): Promise<void> {
  const form = new FormData();
  const folder = path.posix.dirname(file);
  form.set('path', folder);
  const type = file.endsWith('.md') ? 'text/markdown' : 'text/plain';
  form.set('file', new Blob([text], { type }), path.posix.basename(file));
  const res = await fetch(`${server.url}/api/drives/${encodeURIComponent(EVAL_DRIVE)}/files`, {
    method: 'POST',
    headers: { cookie, [HEADER_CSRF]: csrfOf(cookie), 'x-world-id': 'innovation-lab' },
    body: form,
  });
  if (res.status !== 200)
    throw new Error(`upload of ${file} failed: ${res.status} ${await res.text()}`);
}

export async function search(
  server: EvalServer,
  cookie: string,
  query: string,
  body: Record<string, unknown> = {},
): Promise<{ paths: string[]; serverMs: number; ms: number; status: number }> {
  const started = performance.now();
  const res = await fetch(
    `${server.url}/api/drives/${encodeURIComponent(EVAL_DRIVE)}/search/semantic`,
    {
      method: 'POST',
      headers: {
        cookie,
        [HEADER_CSRF]: csrfOf(cookie),
        'x-world-id': 'innovation-lab',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ query, limit: TOP, ...body }),
    },
  );
  const json = (await res.json()) as {
    data?: { results: { File: { Path: string } }[]; Duration: number };
  };
  return {
    status: res.status,
    paths: json.data?.results.map((r) => r.File.Path.replace(/^\//, '')) ?? [],
    serverMs: json.data?.Duration ?? 0,
    ms: performance.now() - started,
  };
}

/** Uploads the set's documents and waits until the server has indexed them all. */
export async function loadDocuments(server: EvalServer): Promise<string> {
  const cookie = await signIn(server);
  await server.drives.ensureDrive('innovation-lab', EVAL_DRIVE);
  const { documents } = loadSearchSet();
  for (const [file, text] of documents) await upload(server, cookie, file, text);
  await server.drives.whenIndexed();
  return cookie;
}

export async function runSearchSet(
  server: EvalServer,
  filter?: (q: SearchQuestion) => boolean,
): Promise<SearchOutcome[]> {
  const cookie = await loadDocuments(server);
  const { questions } = loadSearchSet();
  const out: SearchOutcome[] = [];
  for (const question of questions.filter((q) => !filter || filter(q))) {
    const { paths, serverMs, ms } = await search(server, cookie, question.q);
    out.push({ question, rank: paths.indexOf(question.file) + 1, found: paths, ms, serverMs });
  }
  return out;
}

export interface KindFigures {
  kind: QueryKind;
  count: number;
  top1: number;
  mrr: number;
  recall: number;
}

export function figures(outcomes: SearchOutcome[], kind: QueryKind): KindFigures {
  const mine = outcomes.filter((o) => o.question.kind === kind);
  const n = Math.max(mine.length, 1);
  return {
    kind,
    count: mine.length,
    top1: mine.filter((o) => o.rank === 1).length / n,
    mrr: mine.reduce((sum, o) => sum + (o.rank ? 1 / o.rank : 0), 0) / n,
    recall: mine.filter((o) => o.rank > 0).length / n,
  };
}
