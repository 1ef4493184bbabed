import type { DriveFile, SearchKind } from '../../../protocol';
import type {
  DriveRow,
  DriveService,
  SearchHit,
  SearchOutcome,
  SearchQuery,
} from '../../../server/drives/types';

/**
 * A DriveService for tool and engine tests: drives per world, canned hits
 * per (drive, kind) and file texts; records every search it was asked.
 */

export interface StubFile {
  drive: string;
  path: string;
  text?: string;
  snippet?: string;
  /** Score per kind; a kind without a score does not find the file. */
  semantic?: number;
  textScore?: number;
}

export interface StubOptions {
  worlds?: Record<string, string[]>;
  files?: StubFile[];
  /** Kinds (or `${drive}:${kind}`) whose search throws. */
  failing?: string[];
}

export interface DriveStub extends DriveService {
  calls: { drive: string; kind: SearchKind; q: SearchQuery }[];
}

export function driveFile(path: string): DriveFile {
  return {
    Path: path,
    Name: path.split('/').pop()!,
    MimeType: 'text/markdown',
    Size: 100,
    Tags: [],
    UpdatedAt: '2026-11-03T09:30:00.000Z',
    HasContent: true,
  };
}

export function driveStub(opts: StubOptions = {}): DriveStub {
  const worlds = opts.worlds ?? { w: ['Library'] };
  const files = opts.files ?? [];
  const rows = new Map<string, DriveRow>();
  for (const [world, names] of Object.entries(worlds)) {
    for (const name of names) {
      rows.set(`${world}/${name}`, {
        id: `${world}-${name}`,
        world_id: world,
        name,
        app_name: null,
        created_at: '2026-01-01T00:00:00.000Z',
      });
    }
  }
  const calls: DriveStub['calls'] = [];
  return {
    calls,
    drivesOf: async (worldId) => [...rows.values()].filter((r) => r.world_id === worldId),
    driveByName: async (worldId, name) => rows.get(`${worldId}/${name}`),
    async search(drive, kind, q): Promise<SearchOutcome> {
      calls.push({ drive: drive.name, kind, q });
      if (opts.failing?.includes(kind) || opts.failing?.includes(`${drive.name}:${kind}`)) {
        throw new Error(`${kind} index unavailable`);
      }
      const hits: SearchHit[] = files
        .filter((f) => f.drive === drive.name)
        .map((f) => ({ f, score: kind === 'semantic' ? f.semantic : f.textScore }))
        .filter((x): x is { f: StubFile; score: number } => x.score !== undefined)
        .filter((x) => kind !== 'semantic' || x.score >= (q.threshold ?? 0.25))
        .sort((a, b) => b.score - a.score)
        .slice(q.offset, q.offset + q.limit)
        .map(({ f, score }) => ({
          file: driveFile(f.path),
          score,
          ...(f.snippet ? { snippet: f.snippet } : {}),
        }));
      return { hits, total: hits.length, durationMs: 1 };
    },
    textOf: async (drive, path) =>
      files.find((f) => f.drive === drive.name && f.path === path)?.text,
  };
}
