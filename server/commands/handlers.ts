import { DEFAULT_COMMAND_NAMESPACE } from '../../protocol';
import type { AppRegistry } from '../cog/registry';
import type { CogConnection } from '../cog/connection';
import type { CogHub } from '../cog/hub';
import { UserError } from '../cog/userError';
import type { Store } from '../store';
import { CommandDirectory, type CommandContext } from './directory';
import { searchCommands } from './search';

export interface CommandHandlerDeps {
  store: Store;
  registry: AppRegistry;
  /** How long a command handler may take (tests shorten it). */
  timeoutMs?: number;
}

const contextOf = (conn: CogConnection): CommandContext => ({
  worldId: conn.worldId,
  userId: conn.userId,
});

const messageOf = (err: unknown) =>
  err instanceof Error ? err.message || 'Unknown error' : String(err);

/**
 * The palette's side of the socket (SPEC §7 command.*). The namespace defaults
 * to 'workspace'; 'all' is not a namespace here (GET /api/commands/list?all=true
 * is). Every answer is a hub.reply, so it carries the request's id; failures
 * answer with the matching `.error` frame.
 */
export function registerCommandHandlers(hub: CogHub, deps: CommandHandlerDeps): CommandDirectory {
  const { store } = deps;
  const directory = new CommandDirectory(deps);
  hub.runsLong('command.execute'); // a command's handler may take seconds

  hub.on('command.list', async (conn, frame) => {
    try {
      const namespace = frame.content.namespace || DEFAULT_COMMAND_NAMESPACE;
      hub.reply(conn, frame, 'command.list.response', {
        commands: await directory.list(contextOf(conn), namespace),
      });
    } catch (err) {
      hub.reply(conn, frame, 'command.list.error', { error: messageOf(err) });
    }
  });

  hub.on('command.search', async (conn, frame) => {
    try {
      const namespace = frame.content.namespace || DEFAULT_COMMAND_NAMESPACE;
      const commands = await directory.list(contextOf(conn), namespace);
      hub.reply(conn, frame, 'command.search.response', {
        commands: searchCommands(frame.content.q, commands),
      });
    } catch (err) {
      hub.reply(conn, frame, 'command.search.error', { error: messageOf(err) });
    }
  });

  hub.on('command.execute', async (conn, frame) => {
    const { commandId, namespace, args } = frame.content;
    try {
      const result = await directory.execute(contextOf(conn), commandId, {
        namespace: namespace || DEFAULT_COMMAND_NAMESPACE,
        args,
      });
      hub.reply(conn, frame, 'command.execute.response', result);
    } catch (err) {
      const error = messageOf(err);
      // A refusal is the user's business; a handler that broke belongs in the console too.
      if (!(err instanceof UserError))
        await store.console.append(conn.worldId, {
          app_name: 'emgen',
          from: 'commands.error',
          message: `Command ${commandId} failed: ${error}`,
        });
      hub.reply(conn, frame, 'command.execute.error', { error });
    }
  });

  return directory;
}
