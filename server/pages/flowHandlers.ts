import { FLOW_START_EVENT, type ClientFrame } from '../../protocol';
import { exposedId, type AnnotatedCog, type AppRegistry } from '../cog/registry';
import type { CogConnection } from '../cog/connection';
import type { CogHub } from '../cog/hub';
import { KeyedSerial } from '../cog/keyedSerial';
import { UserError } from '../cog/userError';
import type { Store } from '../store';
import { FlowStates, type FlowKey } from './flowStates';
import { DEFAULT_SCREEN_TIMEOUT_MS, invokeCog, messageOf } from './invoke';
import { checkFlowResult, INVALID_FLOW_SCREEN, sameSiteRedirect } from './screenResult';

/** The annotation that makes a cog a flow: `flow: { flow_id, title? }`. */
export const FLOW_ANNOTATION = 'flow';
/** The event that forgets where the user was and shows the first screen again. */
export const FLOW_RESTART_EVENT = 'restart';

export interface FlowHandlerDeps {
  store: Store;
  registry: AppRegistry;
  /** How long a flow cog may take (default 10 s; tests shorten it). */
  timeoutMs?: number;
  /** Where flows in progress are kept (default: in the store, 1,000 flows, 1 hour idle). */
  states?: FlowStates;
}

const flowIdOf = (a: AnnotatedCog) =>
  typeof a.attrs.flow_id === 'string' && a.attrs.flow_id ? a.attrs.flow_id : a.cog.name;

/**
 * The flow cog world `worldId` knows by this id: a built-in flow by its
 * flow_id, a remote app's as `{app}/{flow_id}` (exposedId), so no app can take
 * over a built-in flow such as onboarding.
 */
export function findFlow(
  registry: AppRegistry,
  flowid: string,
  worldId: string,
): AnnotatedCog | undefined {
  return registry
    .annotated(FLOW_ANNOTATION, worldId)
    .find((a) => exposedId(a.app, flowIdOf(a)) === flowid);
}

/**
 * Server-driven flows (SPEC §2 Flow page, §7 flow.event / flow.screen.display).
 * The server keeps each user's state per world and flow; 'start' shows the
 * current screen (so a reload resumes), 'restart' forgets the state, anything
 * else is passed to the flow cog as its event. Every answer is a
 * flow.screen.display with the request's id, status 'ok' or 'error'.
 */
export function registerFlowHandlers(hub: CogHub, deps: FlowHandlerDeps): FlowStates {
  const { store, registry } = deps;
  const timeoutMs = deps.timeoutMs ?? DEFAULT_SCREEN_TIMEOUT_MS;
  const states = deps.states ?? new FlowStates(store);
  const serial = new KeyedSerial();
  hub.runsLong('flow.event'); // a flow cog may take up to timeoutMs

  async function toConsole(
    conn: CogConnection,
    appName: string,
    flowid: string,
    message: string,
  ): Promise<void> {
    await store.console.append(conn.worldId, {
      app_name: appName,
      from: 'flow.error',
      message: `Flow ${flowid} failed: ${message}`,
    });
  }

  async function step(conn: CogConnection, frame: ClientFrame<'flow.event'>, key: FlowKey) {
    const { event_handler, attrs } = frame.content;
    const flow = findFlow(registry, key.flowid, conn.worldId);
    if (!flow) throw new UserError(`Unknown flow "${key.flowid}"`);
    const fresh = event_handler === FLOW_RESTART_EVENT;
    if (fresh) await states.delete(key);
    // Read from the store, so a cog that mutates what it was given cannot change what is kept.
    const state = (await states.get(key)) ?? {};
    // The cog hears its own flow_id, as it declared it (not the namespaced one).
    const kvargs: Record<string, unknown> = { flowid: flowIdOf(flow), state };
    if (!fresh && event_handler !== FLOW_START_EVENT)
      kvargs.event = { event_handler, attrs: attrs ?? {} };

    let raw: unknown;
    try {
      raw = await invokeCog(
        flow.cog,
        kvargs,
        { worldId: conn.worldId, userId: conn.userId },
        { timeoutMs, label: `Flow "${key.flowid}"` },
      );
    } catch (err) {
      const message = messageOf(err);
      await toConsole(conn, flow.app.name, key.flowid, message);
      throw new UserError(message);
    }
    const checked = checkFlowResult(raw);
    if (!checked.ok) {
      await toConsole(
        conn,
        flow.app.name,
        key.flowid,
        `${INVALID_FLOW_SCREEN} (${checked.reason})`,
      );
      throw new UserError(INVALID_FLOW_SCREEN);
    }
    const result = checked.value;
    if (result.done) await states.delete(key);
    else await states.set(key, result.state);
    const redirect = sameSiteRedirect(result.redirect_url);
    if (result.redirect_url !== undefined && !redirect.redirect_url)
      await toConsole(
        conn,
        flow.app.name,
        key.flowid,
        `redirect_url "${result.redirect_url.slice(0, 200)}" is not a path on this site; ignored`,
      );
    return {
      component: result.component,
      ...(result.step !== undefined ? { step: result.step } : {}),
      ...(result.steps !== undefined ? { steps: result.steps } : {}),
      done: result.done === true,
      ...redirect,
    };
  }

  hub.on('flow.event', async (conn, frame) => {
    const flowid = frame.content.flowid?.trim() ?? '';
    try {
      if (!flowid) throw new UserError('flowid is required');
      const key = { worldId: conn.worldId, userId: conn.userId, flowid };
      const screen = await serial.run(JSON.stringify(key), () => step(conn, frame, key));
      hub.reply(conn, frame, 'flow.screen.display', { flowid, ...screen, status: 'ok' });
    } catch (err) {
      const error = messageOf(err);
      if (!(err instanceof UserError))
        await store.console.append(conn.worldId, {
          app_name: 'emgen',
          from: 'flow.error',
          message: `flow.event failed: ${error}`,
        });
      hub.reply(conn, frame, 'flow.screen.display', {
        ...(flowid ? { flowid } : {}),
        status: 'error',
        error,
      });
    }
  });

  return states;
}
