/**
 * Imports on the server run one way (DESIGN §2): down to the kernel, never
 * back up. `npm run lint:imports` (part of `npm run lint`) checks it.
 *
 *   kernel       protocol/, server/cog/, server/store/, and server/config.ts
 *                with its pieces in server/config/, which everything reads and
 *                which import nothing else of the server
 *   areas        each may import the kernel and the areas of the rows below
 *                it, never a row above and never its own row's other areas:
 *                  http/  cli/  seed/     the outside: routes, CLIs, demo content
 *                  people/                administration of accounts and worlds (web and CLI)
 *                  apps/                  the built-in apps
 *                  flows/  commands/
 *                  pages/  dashboard/
 *                  workspaces/
 *                  mcp/                   MCP servers as tool providers (apps of a world)
 *                  meeting/
 *                  drives/  speech/
 *                  auth/
 *                  ops/                   readiness, drain, the metrics port
 *   top          server/app.ts (builds the server) and main.ts (starts it)
 */

const ROWS = [
  ['http', 'cli', 'seed'],
  ['people'],
  ['apps'],
  ['flows', 'commands'],
  ['pages', 'dashboard'],
  ['workspaces'],
  ['mcp'],
  ['meeting'],
  ['drives', 'speech'],
  ['auth'],
  ['ops'],
];
const AREAS = ROWS.flat();
const folder = (names) => `^server/(${names.join('|')})/`;

/** Each area: no import of an area in its own row (other than itself) or in a row above. */
const areaRules = ROWS.flatMap((row, r) =>
  row.map((area) => {
    const above = ROWS.slice(0, r).flat();
    const siblings = row.filter((other) => other !== area);
    const forbidden = [...above, ...siblings];
    return {
      name: `${area}-imports-downward`,
      comment: `server/${area}/ may import the kernel and ${
        ROWS.slice(r + 1)
          .flat()
          .join(', ') || 'nothing else'
      }; not ${forbidden.join(', ')}`,
      severity: 'error',
      from: { path: folder([area]) },
      to: { path: forbidden.length ? folder(forbidden) : '^$' },
    };
  }),
);

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import cycle: one of its imports runs back up.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'kernel-imports-kernel',
      comment:
        'The kernel (cog/, store/) imports only the kernel: protocol/, cog/, store/, config.ts, config/.',
      severity: 'error',
      from: { path: '^server/(cog|store)/' },
      to: {
        path: '^server/',
        pathNot: ['^server/(cog|store|config)/', '^server/config\\.ts$'],
      },
    },
    {
      name: 'config-imports-nothing',
      comment:
        'Everything reads server/config.ts, so it (and its pieces in config/) imports nothing else of the server.',
      severity: 'error',
      from: { path: '^server/(config\\.ts$|config/)' },
      to: { path: '^(server|src)/', pathNot: '^server/config/' },
    },
    {
      name: 'protocol-is-pure',
      comment: 'The wire contract imports neither side.',
      severity: 'error',
      from: { path: '^protocol/' },
      to: { path: '^(server|src)/' },
    },
    {
      name: 'only-main-imports-app',
      comment: 'server/app.ts and main.ts are the top: nothing on the server imports them.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/main\\.ts$' },
      to: { path: '^server/(app|main)\\.ts$' },
    },
    {
      name: 'areas-are-known',
      comment: 'A new folder under server/ takes its row in ROWS (.dependency-cruiser.cjs) first.',
      severity: 'error',
      from: {
        path: '^server/[^/]+/',
        pathNot: `^server/(cog|store|config|${AREAS.join('|')})/`,
      },
      to: {},
    },
    ...areaRules,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^server/seed/documents/' },
    tsConfig: { fileName: 'tsconfig.json' },
    // `import type` counts: a type import that runs back up ties the layers just the same.
    tsPreCompilationDeps: true,
  },
};
