/**
 * npm run devtools [-- --hostname=localhost --port=8000]
 *
 * The Redux DevTools server of `@redux-devtools/cli`, exactly as
 * `npx redux-devtools --hostname=… --port=…` starts it, with its monitor page
 * made to work: the page loads React and ReactDOM from React's UMD files,
 * which React 19 (the version the CLI depends on) no longer ships, so the
 * page stays blank (reduxjs/redux-devtools issue 1931). This serves those two
 * files itself, built from the project's React. Apps report to ws://host:port;
 * the monitor is http://host:port/. README "Developers: Redux DevTools".
 */
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import startDevToolsServer from '@redux-devtools/cli';
import { build, type Rolldown } from 'vite';

const { values } = parseArgs({
  options: {
    hostname: { type: 'string', default: 'localhost' },
    port: { type: 'string', default: '8000' },
  },
});
const port = Number(values.port);
const hostname = values.hostname;

/** React + ReactDOM as one script that defines the globals the monitor page uses. */
async function reactGlobals(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'error',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: true,
      lib: {
        entry: path.resolve(import.meta.dirname, 'devtools/reactGlobals.ts'),
        formats: ['iife'],
        name: 'EmgenDevToolsReact',
        fileName: () => 'react.js',
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('could not build React for the page');
  return chunk.code;
}

const react = await reactGlobals();
const served: Record<string, string> = {
  '/react.production.min.js': react,
  // The script above defines ReactDOM too.
  '/react-dom.production.min.js': '',
};

// The CLI makes its HTTP server inside; answer the two files before its own routes do.
const createServer = http.createServer;
http.createServer = ((...args: Parameters<typeof http.createServer>) => {
  const server = createServer(...args);
  const emit = server.emit.bind(server) as (event: string, ...rest: unknown[]) => boolean;
  server.emit = ((event: string, ...rest: unknown[]) => {
    if (event === 'request') {
      const [req, res] = rest as [http.IncomingMessage, http.ServerResponse];
      const body = served[new URL(req.url ?? '/', 'http://x').pathname];
      if (body !== undefined && req.method === 'GET') {
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
        res.end(body);
        return true;
      }
    }
    return emit(event, ...rest);
  }) as typeof server.emit;
  return server;
}) as typeof http.createServer;

const started = await startDevToolsServer({ hostname, port });
http.createServer = createServer;
if (started.portAlreadyUsed) process.exit(1);
await started.ready;
const url = `http://${hostname}:${port}/`;
console.log(`Redux DevTools: apps report to ${hostname}:${port}; the monitor is ${url}`);
