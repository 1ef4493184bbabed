import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { AppRegistry } from './cog/registry';
import { emgenApp } from './apps/emgenApp';
import { registerRemoteApps } from './apps/remote';
import { expertsApp } from './apps/experts';
import { emgenPagesApp } from './apps/emgenPages';
import { flowsApp } from './flows/app';
import { registerFlowHandlers, registerPageHandlers } from './pages';
import { toolProviderDefinitions, toolsApp } from './meeting/tools/providers';
import { registerToolCalls } from './meeting/toolCalls';
import { McpProviders } from './mcp/providers';
import { mcpRoutes } from './http/mcp';
import { dashboardApp } from './dashboard/app';
import { commandsApp } from './commands/coreCommands';
import { registerCommandHandlers } from './commands/handlers';
import { commandRoutes } from './http/commands';
import { registerWorkspaceHandlers } from './workspaces/handlers';
import { registerWorkspaceAccessHandlers } from './workspaces/accessHandlers';
import { registerSidebarHandlers } from './workspaces/sidebarHandlers';
import { dashboardRoutes } from './http/dashboard';
import { CogHub } from './cog/hub';
import { AccessWatch } from './cog/accessWatch';
import { BusRevocations, type Revocations } from './cog/revocations';
import { openBus, type MessageBus } from './cog/bus';
import { noteFanOutHealth } from './cog/fanOutNotes';
import { closeSharedRedis, openSharedRedis } from './cog/sharedRedis';
import { defaultEngine, defaultTools } from './meeting/engines';
import { registerMeetingHandlers } from './meeting/handlers';
import { MeetingRounds } from './meeting/rounds';
import { AnswersUnderWay } from './meeting/answersUnderWay';
import { Metrics } from './cog/metrics';
import { boundClose, Drain, HEALTH_PATH, readinessRoute } from './ops';
import type { ExpertEngine, Tool } from './meeting/types';
import type { Config } from './config';
import { registerLoginLimits, type LoginLimitSettings } from './auth/loginLimits';
import { attemptLimit, type AttemptLimitSettings } from './auth/attemptLimits';
import { OidcLogin } from './auth/oidc';
import { authRoutes } from './http/auth';
import { peopleRoutes } from './http/people';
import { adminWorldRoutes } from './http/adminWorlds';
import { Audit } from './cog/audit';
import { settingsRoutes } from './http/settings';
import { OneLinePerRequest } from './http/requestLog';
import { consoleRoutes } from './http/console';
import { supportLogRoutes } from './http/supportLogs';
import { workspaceFileRoutes } from './http/workspaceFiles';
import { workspaceSummaryRoutes } from './http/workspaceSummary';
import { workspaceAudience } from './meeting/audience';
import { driveRoutes } from './http/drives';
import { driveAdminRoutes } from './http/driveAdmin';
import { DriveAdmin } from './drives/driveAdmin';
import { openBlobStore } from './drives/blobs/open';
import { Drives } from './drives/driveService';
import { createSemanticIndex } from './drives/semantic';
import type { SemanticIndex } from './drives/types';
import { guards } from './http/guards';
import { portalRoutes } from './http/portal';
import { registerCsrf } from './http/csrf';
import { sendError } from './auth/requestAuth';
import { originPolicy } from './auth/origins';
import { browserAdmission } from './auth/socketAdmission';
import { secureCookies } from './auth/sessionCookie';
import { inlineScriptSources, registerSpa } from './http/spa';
import { registerCompression } from './http/compression';
import { chooseSpeechProvider } from './speech/choose';
import type { SpeechProvider } from './speech/provider';
import { registerAudioSocket } from './speech/socket';
import { StoreUnavailableError, type Store } from './store';

export const SERVER_VERSION = '1.0.0';
const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_CLIENT_DIR = path.resolve(here, '../dist/public');

/** Largest socket message ws accepts before closing; frames over 1 MiB are refused politely below it. */
const WS_MAX_PAYLOAD = 16 * 1024 * 1024;

export interface BuiltApp {
  app: FastifyInstance;
  hub: CogHub;
  registry: AppRegistry;
  drives: Drives;
  /** Administrators' work on drives: delete and Undo, move, retag, versions, the retention purge. */
  driveAdmin: DriveAdmin;
  /** What dictation uses (null: not available on this server). */
  speech: SpeechProvider | null;
  /** Where changes that take access away are published; open sockets close on them. */
  revocations: Revocations;
  /** Carries frames for audiences and revocations to every instance (REDIS_URL), or in-process. */
  bus: MessageBus;
  /** This server's Prometheus metrics (served on METRICS_PORT by main.ts). */
  metrics: Metrics;
  /** Stopping gracefully: readiness false, no new work, rounds finish, sockets told to reconnect. */
  drain: Drain;
  /** The audit log's entrance (issue 21): every area records admin and security events here. */
  audit: Audit;
}

/** Builds the whole server without listening; main.ts and the tests both use it. */
export async function buildApp(opts: {
  config: Config;
  store: Store;
  clientDir?: string;
  logger?: boolean | object;
  /** Sign-in limits other than the usual (tests: a short window). */
  loginLimits?: Partial<LoginLimitSettings>;
  /** The meeting's engine and tools (tests script them; default from config). */
  engine?: ExpertEngine;
  tools?: Tool[];
  expertTimeoutMs?: number;
  /** The meeting's clock (the eval pins it; default: the real one). */
  clock?: () => Date;
  /** Retry and takeover times of the indexing queue (tests shorten them). */
  indexQueueTiming?: { retryMs?: number; lockMs?: number };
  /** How often deleted drive files past the retention are purged (tests: 0, and they purge by hand). */
  driveSweepEveryMs?: number;
  /** Semantic drive search (default: from config, the offline concept index or an embeddings endpoint). */
  semanticIndex?: SemanticIndex;
  /** How long a page or flow cog may take (default 10 s). */
  screenTimeoutMs?: number;
  /** Limits on wrong passwords and PIN codes on the settings page other than the usual. */
  settingsLimits?: AttemptLimitSettings;
  /** Where access changes are published (default: on the bus). */
  revocations?: Revocations;
  /** How long a remote app may take to answer a call (default 30 s). */
  appCallTimeoutMs?: number;
  /** First restart delay of an MCP server that died (tests shorten it; default 1 s). */
  mcpBackoffMs?: number;
}): Promise<BuiltApp> {
  const { config, store } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    // One line per request instead of Fastify's two (received, completed).
    logController: new OneLinePerRequest(),
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
  });
  boundClose(app);

  await app.register(fastifyCookie);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The built index.html's inline colour-scheme script, by its hash; no other.
        scriptSrc: ["'self'", ...inlineScriptSources(opts.clientDir ?? DEFAULT_CLIENT_DIR)],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // Remote Redux DevTools: the browser may also report to this developer's server.
        connectSrc: [
          "'self'",
          ...(config.REMOTE_DEVTOOLS
            ? [`ws://${config.REMOTE_DEVTOOLS}`, `wss://${config.REMOTE_DEVTOOLS}`]
            : []),
        ],
        workerSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await registerCompression(app);
  await app.register(fastifyWebsocket, { options: { maxPayload: WS_MAX_PAYLOAD } });
  registerCsrf(app, { secure: secureCookies(config) });

  app.setErrorHandler((err: { statusCode?: number; message: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) req.log.error({ err }, 'request failed');
    // A store that is gone for a moment is said in plain words (503): try again.
    const shown = status < 500 || err instanceof StoreUnavailableError;
    return sendError(reply, status, shown ? err.message : 'Internal server error');
  });

  const registry = new AppRegistry();
  registry.register(emgenApp({ registry }));
  registry.register(toolsApp());
  registry.register(expertsApp(await store.experts.list(), { store, registry }));
  registry.register(dashboardApp({ store, registry }));
  registry.register(commandsApp({ store, registry }));
  await store.workspaces.purgeStaleDrafts();

  // Redis when REDIS_URL is set: one instance's frames and revocations reach every instance.
  // Sign-in counts and dictation slots every instance shares: in Redis too, else in memory.
  // Both connect at once, so a Redis that is down delays start-up once, not twice.
  const [bus, sharedRedis] = await Promise.all([
    openBus(config, app.log),
    config.REDIS_URL ? openSharedRedis(config.REDIS_URL, app.log) : undefined,
  ]);
  app.addHook('onClose', async () => bus.close());
  if (sharedRedis) app.addHook('onClose', async () => closeSharedRedis(sharedRedis));

  const drives = new Drives({
    log: {
      error: (message, err) => app.log.error({ err }, message.replace(/:$/, '')),
      info: (message) => app.log.info(message),
    },
    store,
    redisUrl: config.REDIS_URL,
    bus,
    queueTiming: { lockMs: config.JOB_LOCK_SECONDS * 1000, ...opts.indexQueueTiming },
    dataDir: config.DATA_DIR,
    blobs: await openBlobStore(config),
    maxUploadBytes: config.MAX_UPLOAD_BYTES,
    extractLimits: {
      timeoutMs: config.EXTRACT_TIMEOUT_MS,
      memoryMb: config.EXTRACT_MEMORY_MB,
      maxBytes: config.EXTRACT_MAX_BYTES,
    },
    semantic:
      opts.semanticIndex ?? createSemanticIndex(config, store.semanticRows, config.DATA_DIR),
  });
  registry.register(emgenPagesApp({ store, registry, drives }));
  registry.register(flowsApp({ store, registry }));

  const stopNotes = noteFanOutHealth({ bus, store, log: app.log });
  app.addHook('onClose', async () => stopNotes());
  const revocations = opts.revocations ?? new BusRevocations(bus, app.log);
  const watch = new AccessWatch({ revocations, sweepMs: config.accessSweepMs, log: app.log });
  app.addHook('onClose', async () => watch.close());
  const admit = browserAdmission({ store, origins: originPolicy(config), watch });

  const metrics = new Metrics();
  const rounds = new MeetingRounds();
  const hub = new CogHub({
    store,
    admit,
    bus,
    log: app.log,
    heartbeatMs: config.heartbeatMs,
    version: SERVER_VERSION,
  });
  app.get(
    '/api/ws/cog',
    { websocket: true, preValidation: (req) => hub.checkBeforeUpgrade(req) },
    (socket, req) => hub.attach(socket, req),
  );
  // MCP servers (issue 22): each one a world enabled is an app of that world; started on first use.
  const mcp = new McpProviders({
    store,
    registry,
    log: app.log,
    config,
    reserved: toolProviderDefinitions.map((p) => p.name),
    bus,
    backoffMs: opts.mcpBackoffMs,
  });
  await mcp.start();
  app.addHook('onClose', async () => mcp.close());
  const toolsReady = (worldId: string) => mcp.ready(worldId);
  const answersUnderWay = new AnswersUnderWay(store.answersUnderWay, {
    timeoutMs: config.INSTANCE_TIMEOUT_SECONDS * 1000,
    log: (message, err) => app.log.warn({ err }, message),
  });
  app.addHook('onClose', async () => answersUnderWay.close());
  const tools = opts.tools ?? defaultTools(config, drives);
  const meeting = registerMeetingHandlers(hub, {
    store,
    registry,
    engine: opts.engine ?? defaultEngine(config),
    tools,
    toolsReady,
    log: app.log,
    timeoutMs: opts.expertTimeoutMs,
    clock: opts.clock,
    metrics,
    rounds,
    answersUnderWay,
    bus,
  });
  app.addHook('onClose', async () => meeting.close());
  await meeting.ready;
  registerToolCalls(hub, {
    store,
    registry,
    tools,
    log: app.log,
    transcriptQueue: meeting.transcriptQueue,
    toolsReady,
  });
  registerWorkspaceHandlers(hub, { store, registry, toolsReady });
  registerWorkspaceAccessHandlers(hub, { store });
  registerSidebarHandlers(hub, { store });
  const appGateway = registerRemoteApps(hub, {
    store,
    registry,
    log: app.log,
    heartbeatMs: config.heartbeatMs,
    watch,
    bus,
    presenceMs: config.APP_PRESENCE_SECONDS * 1000,
    callTimeoutMs: opts.appCallTimeoutMs,
  });
  registerCommandHandlers(hub, { store, registry });
  registerPageHandlers(hub, { store, registry, timeoutMs: opts.screenTimeoutMs });
  registerFlowHandlers(hub, { store, registry, timeoutMs: opts.screenTimeoutMs });
  app.addHook('onClose', async () => hub.close());

  const speech = chooseSpeechProvider(config, (msg, extra) => app.log.warn(extra ?? {}, msg));
  app.log.info(speech.summary);
  const audio = registerAudioSocket(app, {
    admit,
    config,
    provider: speech.provider,
    log: app.log,
    redis: sharedRedis,
  });

  metrics.countSockets('cog', () => hub.connections().length);
  metrics.countSockets('app', () => appGateway.connections().length);
  metrics.countSockets('audio', audio.count);
  metrics.countIndexingQueue(() => drives.indexer.depth());
  const drain = new Drain({
    app,
    timeoutMs: config.DRAIN_TIMEOUT_SECONDS * 1000,
    rounds,
    closeSockets: (code, reason) => {
      hub.close(code, reason);
      audio.close(code, reason);
    },
    say: (line) => app.log.info(line),
  });
  app.get(HEALTH_PATH, async () => {
    const fanOut = bus.health();
    return {
      status: fanOut.state === 'degraded' ? 'degraded' : 'ok',
      version: SERVER_VERSION,
      fanOut,
    };
  });
  readinessRoute(app, { store, isDraining: () => drain.draining, log: app.log });
  const limits = await registerLoginLimits(app, { redis: sharedRedis, settings: opts.loginLimits });
  const audit = new Audit(store, app.log);
  authRoutes(app, { store, config, limits, revocations, audit });
  // A changed account's open pages read the user again (the world switcher), on every instance.
  const accessChanged = (userId: string) =>
    hub.toAudience({ kind: 'user', userId }, 'user.access.changed', {});
  const worldRenamed = (worldId: string) =>
    hub.toAudience({ kind: 'world', worldId }, 'user.access.changed', {});
  const peopleDeps = {
    store,
    revocations,
    audit,
    accessChanged,
    worldRenamed,
    guards: guards(store, config),
  };
  peopleRoutes(app, peopleDeps);
  adminWorldRoutes(app, peopleDeps);
  settingsRoutes(app, {
    store,
    guards: guards(store, config),
    revocations,
    audit,
    limits: {
      password: attemptLimit(app, 'settings-password', opts.settingsLimits),
      pin: attemptLimit(app, 'settings-pin', opts.settingsLimits),
    },
  });
  consoleRoutes(app, { store, guards: guards(store, config) });
  mcpRoutes(app, {
    store,
    guards: guards(store, config),
    mcp,
    configured: Boolean(config.MCP_CONFIG),
  });
  supportLogRoutes(app, { store, guards: guards(store, config) });
  dashboardRoutes(app, { store, registry, guards: guards(store, config) });
  commandRoutes(app, { store, registry, guards: guards(store, config) });
  // Everyone on a workspace sees its files change (finder, upload, another participant).
  const filesChanged = (worldId: string, workspaceId: string) =>
    workspaceAudience(hub, worldId, workspaceId).send('workspace.files.changed', { workspaceId });
  await driveRoutes(app, { drives, store, guards: guards(store, config), filesChanged });
  const driveAdmin = new DriveAdmin({
    store,
    drives,
    retentionDays: config.DRIVE_TRASH_RETENTION_DAYS,
    filesChanged,
    ...(opts.driveSweepEveryMs !== undefined ? { sweepEveryMs: opts.driveSweepEveryMs } : {}),
  });
  driveAdminRoutes(app, { drives, driveAdmin, guards: guards(store, config) });
  workspaceFileRoutes(app, { store, drives, guards: guards(store, config), filesChanged });
  workspaceSummaryRoutes(app, { store, guards: guards(store, config) });
  if (config.oidcEnabled) {
    const oidc = new OidcLogin(
      {
        issuer: config.OIDC_ISSUER!,
        clientId: config.OIDC_CLIENT_ID!,
        clientSecret: config.OIDC_CLIENT_SECRET!,
        redirectUri: `${config.PUBLIC_URL}/portal/callback`,
        tokenAuthMethod: config.OIDC_TOKEN_AUTH_METHOD,
      },
      store.oidcPending,
    );
    portalRoutes(app, { store, config, oidc, revocations, audit });
  }

  await registerSpa(app, opts.clientDir ?? DEFAULT_CLIENT_DIR);
  return {
    app,
    hub,
    registry,
    drives,
    driveAdmin,
    speech: speech.provider,
    revocations,
    bus,
    metrics,
    drain,
    audit,
  };
}
