/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const entry = (file: string) => fileURLToPath(new URL(file, import.meta.url));
/** What only signed-in pages use (socket, sagas, world routes): loaded before any of them shows. */
const SIGNED_IN_ENTRY = entry('./src/signedInPages.ts');
/** The pages a signed-in person most often lands on, and that Lighthouse measures. */
const LANDING_PAGES = {
  DashboardPage: entry('./src/features/dashboard/DashboardPage.tsx'),
  WorkspacePage: entry('./src/features/workspace/WorkspacePage.tsx'),
};

type ModuleGraph = { getModuleInfo(id: string): { importedIds: string[] } | null };

/** Every module `start` imports, directly or not (not dynamically), found once per build. */
function reachableFrom(start: string) {
  let reachable: Set<string> | undefined;
  return (ctx: ModuleGraph): Set<string> => {
    if (reachable) return reachable;
    reachable = new Set();
    const todo = [start];
    for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
      if (reachable.has(next)) continue;
      reachable.add(next);
      todo.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
    return reachable;
  };
}

const fromSignedIn = reachableFrom(SIGNED_IN_ENTRY);
const fromDashboard = reachableFrom(LANDING_PAGES.DashboardPage);
const fromWorkspace = reachableFrom(LANDING_PAGES.WorkspacePage);

/**
 * Names 'signed-in' every module the signed-in code imports, directly or not
 * (not dynamically), and what both landing pages import (their nav bar). Every
 * signed-in page waits for that code (RequireAuth), so one file serves them
 * all; left alone, the bundler cut it into a dozen small files by which pages
 * share each module, requests a slow connection pays a round trip for.
 */
function signedInChunk(id: string, ctx: ModuleGraph) {
  return fromSignedIn(ctx).has(id) || (fromDashboard(ctx).has(id) && fromWorkspace(ctx).has(id))
    ? 'signed-in'
    : null;
}

/**
 * Puts what a landing page imports (and the other does not) in that page's own file, also
 * where other pages share it: opened first, the workspace fetched many small shared files
 * beside its own, more requests at once than a browser opens connections to one server
 * (six), and each wave of them a round trip on a slow connection. A page that shares a module
 * with a landing page loads that page's file for it.
 */
function landingPageChunk(id: string, ctx: ModuleGraph) {
  if (fromWorkspace(ctx).has(id)) return 'WorkspacePage';
  return fromDashboard(ctx).has(id) ? 'DashboardPage' : null;
}

/**
 * V8's explicit compile hint (Chromium 136 and later): the functions of a file that starts with
 * it are compiled while the file streams in, on a background thread, rather than one by one on
 * the main thread as each is first called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The file's compressed copies, made as vite-plugin-compression2 makes them. */
const COPIES: Record<string, (code: Buffer) => Buffer> = {
  '.br': (code) =>
    zlib.brotliCompressSync(code, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: code.length,
      },
    }),
  '.gz': (code) => zlib.gzipSync(code, { level: 9 }),
};

/**
 * Starts the named chunks with the compile hint, on their first line: V8 reads it only there
 * (on the second line, under Vite's preload map, it changed nothing). That line is written last,
 * after the bundle is on disk: Vite adds its preload map above everything in the chunk, the
 * compression plugin compresses it in the same step, and minifying drops comments. The
 * compressed copies are made again and the source map moved down a line.
 */
export function compileHints(chunkNames: ReadonlySet<string>): Plugin {
  return {
    name: 'emgen:compile-hints',
    apply: 'build',
    enforce: 'post',
    writeBundle: {
      order: 'post',
      handler(options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunkNames.has(chunk.name)) continue;
          addCompileHint(path.join(options.dir ?? '', chunk.fileName));
        }
      },
    },
  };
}

/** Puts the hint on the built file's first line, and brings its copies and map along. */
export function addCompileHint(file: string): void {
  const before = fs.readFileSync(file, 'utf8');
  if (before.startsWith(COMPILE_HINT)) return;
  const code = Buffer.from(`${COMPILE_HINT}\n${before}`);
  fs.writeFileSync(file, code);
  for (const [suffix, compress] of Object.entries(COPIES))
    if (fs.existsSync(file + suffix)) fs.writeFileSync(file + suffix, compress(code));
  const mapFile = `${file}.map`;
  if (fs.existsSync(mapFile)) {
    const map = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { mappings: string };
    // A ';' is a line with no mappings: every mapped line moves down by one.
    map.mappings = `;${map.mappings}`;
    fs.writeFileSync(mapFile, JSON.stringify(map));
  }
}

/**
 * Compiled whole as they stream in (V8's compile hint), not function by function on the main
 * thread: the files whose code nearly all runs as a page starts, the app's entry and the
 * signed-in code. Not the shared MUI file or the pages' own: most of their functions never run
 * on a given screen, and hinting them made no measurable difference.
 */
const COMPILED_ON_LOAD = new Set(['index', 'signed-in']);

// The API server the dev server forwards to (npm run dev starts both).
const apiTarget = process.env.DEV_API_URL ?? 'http://127.0.0.1:8081';

export default defineConfig({
  plugins: [
    react(),
    // Brotli and gzip copies of every text asset (index.html included), built once here and
    // served as they are by the server (@fastify/static's preCompressed): nothing is
    // compressed per request, and the browser downloads a fraction of the bytes.
    compression({
      include: /\.(js|css|html|svg|json|txt|mjs|wasm)$/,
      threshold: 512,
      algorithms: ['brotliCompress', 'gzip'],
    }),
    compileHints(COMPILED_ON_LOAD),
  ],
  build: {
    outDir: 'dist/public',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // A shared file's name lists every screen that uses it; the hash alone says enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared~') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          groups: [
            // Everything the entry imports is one file: /login is a single request, not
            // seventeen small ones each paying a round trip (Lighthouse, slow 4G).
            { name: 'app', tags: ['$initial'], priority: 3 },
            // The MUI components most lazy screens use (six or more), likewise in one file
            // cached across screens: the dashboard fetches 8 scripts instead of 21. Shared
            // by fewer, a component would weigh on screens that never show it.
            {
              name: 'mui',
              test: /node_modules[\\/]@mui[\\/](material|system|utils|icons-material)[\\/]/,
              minShareCount: 6,
              priority: 2,
            },
            // Below both: what /login loads stays in 'app', shared MUI components in 'mui'.
            { name: signedInChunk, priority: 1 },
            { name: landingPageChunk, priority: 0.5 },
            // What lazy screens share, one file per set of screens that use it, files under 8 KB
            // merged into their nearest such set: the workspace fetched 35 files, 20 of them
            // 1–2 KB (icons, API slices), and each costs a slow connection a round trip.
            {
              name: 'shared',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 8 * 1024,
              priority: 0,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, ws: true, changeOrigin: false },
      '/ws': { target: apiTarget, ws: true },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One throwaway PostgreSQL cluster for the run (skipped, saying so, when not installed).
          globalSetup: ['tests/support/postgresGlobalSetup.ts'],
          testTimeout: 20000,
          hookTimeout: 30000,
        },
      },
    ],
  },
});
