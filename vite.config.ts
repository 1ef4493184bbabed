/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

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
        codeSplitting: {
          groups: [
            // Everything the entry imports is one file: /login is a single request, not
            // seventeen small ones each paying a round trip (Lighthouse, slow 4G).
            { name: 'app', tags: ['$initial'], priority: 2 },
            // The MUI components most lazy screens use (six or more), likewise in one file
            // cached across screens: the dashboard fetches 8 scripts instead of 21. Shared
            // by fewer, a component would weigh on screens that never show it.
            {
              name: 'mui',
              test: /node_modules[\\/]@mui[\\/](material|system|utils|icons-material)[\\/]/,
              minShareCount: 6,
              priority: 1,
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
