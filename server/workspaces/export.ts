import {
  EXPORT_VERSION,
  worldFileViewerUrl,
  type ExportedMessage,
  type WorkspaceExport,
  type WorkspaceFile,
} from '../../protocol';
import { htmlToText } from '../drives/htmlText';
import type { Store } from '../store';
import type { StoredMessage, StoredResearchBox, StoredTrace } from '../store/transcripts';
import type { WorkspaceRow } from '../store/workspaces';

/**
 * A workspace's conversation as Markdown or JSON (GET /api/workspaces/{id}/export).
 * Both are written as a stream of chunks read page by page from the store, so a
 * transcript of 10,000 messages is never held, built or stringified at once and
 * the event loop turns between pages.
 */

/** Messages read from the store per page. */
export const EXPORT_PAGE = 500;
/**
 * Research boxes and traces exported (the newest; the store keeps them per workspace
 * without paging). They are written in slices of EXPORT_PAGE, so even this many is
 * never stringified at once.
 */
export const EXPORT_BOXES = 5000;

/** Items as JSON array chunks, a slice at a time: `[`, `a,b,…`, `,c,…`, `]`. */
function* jsonArray(items: unknown[]): Generator<string> {
  yield '[';
  for (let i = 0; i < items.length; i += EXPORT_PAGE) {
    const slice = items.slice(i, i + EXPORT_PAGE).map((x) => JSON.stringify(x));
    yield (i ? ',' : '') + slice.join(',');
  }
  yield ']';
}

/** Text chunks of `render` over the items, a slice at a time. */
function* slices<T>(items: T[], render: (item: T) => string): Generator<string> {
  for (let i = 0; i < items.length; i += EXPORT_PAGE)
    yield items
      .slice(i, i + EXPORT_PAGE)
      .map(render)
      .join('');
}

export interface ExportSource {
  store: Store;
  workspace: WorkspaceRow;
  files: WorkspaceFile[];
  now: Date;
}

/** Every message of the workspace, oldest first, a page at a time. */
async function* messagePages(store: Store, workspaceId: string): AsyncGenerator<StoredMessage[]> {
  let after: string | undefined;
  for (;;) {
    const page = await store.transcripts.pageAfter(workspaceId, after, EXPORT_PAGE);
    if (page.length === 0) return;
    yield page;
    if (page.length < EXPORT_PAGE) return;
    after = page[page.length - 1]!.message_id;
  }
}

export function exportedMessage(m: StoredMessage): ExportedMessage {
  return {
    id: m.message_id,
    role: m.role,
    name: m.name,
    expertId: m.expert_id,
    userId: m.user_id,
    content: m.content ?? (m.html ? htmlToText(m.html) : ''),
    html: m.html,
    createdAt: m.created_at,
  };
}

const titleOf = (ws: WorkspaceRow) => ws.name?.trim() || 'Untitled workspace';

/** The name of the downloaded file: the workspace's name, safe on every file system. */
export function exportFileName(ws: WorkspaceRow, format: 'md' | 'json'): string {
  const base = titleOf(ws)
    .replace(/[^\p{L}\p{N} ._-]+/gu, '')
    .trim()
    .replace(/\s+/g, '-')
    .slice(0, 80);
  return `${base || 'workspace'}.${format}`;
}

// ---- JSON ----------------------------------------------------------------------

/** The JSON export as chunks: the head, the messages a page at a time, the tail. */
export async function* jsonExport(src: ExportSource): AsyncGenerator<string> {
  const { store, workspace: ws } = src;
  const head: Omit<WorkspaceExport, 'messages' | 'research' | 'traces'> = {
    version: EXPORT_VERSION,
    exportedAt: src.now.toISOString(),
    workspace: { id: ws.id, name: ws.name, worldId: ws.world_id, createdAt: ws.created_at },
    files: src.files,
  };
  yield `${JSON.stringify(head).slice(0, -1)},"messages":[`;
  let first = true;
  for await (const page of messagePages(store, ws.id)) {
    const items = page.map((m) => JSON.stringify(exportedMessage(m))).join(',');
    yield first ? items : `,${items}`;
    first = false;
  }
  yield '],"research":';
  yield* jsonArray(await store.transcripts.researchBoxes(ws.id, EXPORT_BOXES));
  yield ',"traces":';
  yield* jsonArray(await store.transcripts.traces(ws.id, EXPORT_BOXES));
  yield '}\n';
}

// ---- Markdown ---------------------------------------------------------------------

function speakerOf(m: StoredMessage): string {
  return m.name || (m.role === 'user' ? 'You' : 'Expert');
}

function messageMarkdown(m: StoredMessage): string {
  const body = (m.content ?? (m.html ? htmlToText(m.html) : '')).trim();
  return `### ${speakerOf(m)} · ${m.created_at}\n\n${body || '_(empty)_'}\n\n`;
}

function researchMarkdown(box: StoredResearchBox): string {
  const text = (box.content ?? (box.html ? htmlToText(box.html) : '')).trim();
  return `### ${box.title || box.name || 'Research'}\n\n${text}\n\n`;
}

function traceMarkdown(trace: StoredTrace): string {
  const body =
    trace.value !== undefined && trace.value !== null
      ? `\`\`\`json\n${JSON.stringify(trace.value, null, 2)}\n\`\`\``
      : htmlToText(trace.html ?? '').trim();
  return `### ${trace.key}\n\n${body}\n\n`;
}

/** The Markdown export as chunks: title, files, each message, research boxes, traces. */
export async function* markdownExport(src: ExportSource): AsyncGenerator<string> {
  const { store, workspace: ws } = src;
  yield `# ${titleOf(ws)}\n\nExported ${src.now.toISOString()} · workspace ${ws.id}\n\n`;
  if (src.files.length) {
    yield '## Files\n\n';
    yield src.files
      .map(
        (f) =>
          `- [${f.name}](${worldFileViewerUrl(ws.world_id, f.drive, f.path)}) — ${f.drive}/${f.path}\n`,
      )
      .join('');
    yield '\n';
  }
  yield '## Conversation\n\n';
  for await (const page of messagePages(store, ws.id)) yield page.map(messageMarkdown).join('');
  const research = await store.transcripts.researchBoxes(ws.id, EXPORT_BOXES);
  if (research.length) {
    yield '## Research\n\n';
    yield* slices(research, researchMarkdown);
  }
  const traces = await store.transcripts.traces(ws.id, EXPORT_BOXES);
  if (traces.length) {
    yield '## Traces\n\n';
    yield* slices(traces, traceMarkdown);
  }
}
