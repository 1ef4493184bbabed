/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/** What only signed-in pages use (socket, sagas, world routes): loaded before any of them shows. */
const SIGNED_IN_ENTRY = fileURLToPath(new URL('./src/signedInPages.ts', import.meta.url));

/**
 * Names 'signed-in' every module the signed-in code imports, directly or not
 * (not dynamically). Every signed-in page waits for that code (RequireAuth),
 * so one file serves them all; left alone, the bundler cut it into a dozen
 * small files by which pages share each module, requests a slow connection
 * pays a round trip for.
 */
function signedInChunk() {
  let reachable: Set<string> | undefined;
  return (id: string, ctx: { getModuleInfo(id: string): { importedIds: string[] } | null }) => {
    if (!reachable) {
      reachable = new Set();
      const todo = [SIGNED_IN_ENTRY];
      for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
        if (reachable.has(next)) continue;
        reachable.add(next);
        todo.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
      }
    }
    return reachable.has(id) ? 'signed-in' : null;
  };
}

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
            { name: signedInChunk(), priority: 1 },
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
