import type { App } from '../../server/cog/registry';

/** What the test app's greet command was called with. */
export const calls: { kvargs: unknown; ctx: unknown }[] = [];

/** An app registered like any other, with commands in three namespaces. */
export const testApp = (): App => ({
  name: 'testapp',
  processId: 4242,
  remote: true,
  cogs: [
    {
      module: 'greetings',
      name: 'greet',
      annotations: {
        command: { name: 'Greet Everyone', namespace: 'workspace', tags: ['hello', 'wave'] },
      },
      handler: async (args, ctx) => {
        calls.push({ kvargs: args.kvargs, ctx });
        return { message: `Hello from ${ctx.worldId}`, effect: { kind: 'flash', text: 'Hi!' } };
      },
    },
    {
      module: 'greetings',
      name: 'boom',
      annotations: { command: { id: 'test.boom', name: 'Explode Loudly', namespace: 'workspace' } },
      handler: async () => {
        throw new Error('kaboom');
      },
    },
    {
      module: 'greetings',
      name: 'bad_effect',
      annotations: { command: { name: 'Bad Effect', namespace: 'workspace' } },
      handler: async () => ({ effect: { kind: 'teleport' } }),
    },
    {
      module: 'misc',
      name: 'plain',
      annotations: { command: { name: 'Plain Thing', description: 'Lives in default' } },
      handler: async () => 'done',
    },
    {
      module: 'misc',
      name: 'extra',
      annotations: { command: { name: 'Extra Thing', namespace: 'extras' } },
    },
    // Not a command: no name.
    { module: 'misc', name: 'nameless', annotations: { command: {} } },
  ],
});
