import { describe, expect, it } from 'vitest';
import { AppRegistry, exposedId, exposedPath, type App } from '../../server/cog/registry';

const app = (name: string, worldId?: string, kind = 'command'): App => ({
  name,
  ...(worldId ? { worldId, remote: true } : {}),
  cogs: [{ module: 'm', name: `${name}-cog`, annotations: { [kind]: { name } } }],
});

describe('AppRegistry per world', () => {
  it('shows built-ins in every world and a world app only in its own', () => {
    const registry = new AppRegistry();
    registry.register(app('zeta'));
    registry.register(app('alpha', 'w1'));
    registry.register(app('alpha', 'w2'));
    expect(registry.list('w1').map((a) => `${a.name}@${a.worldId ?? '*'}`)).toEqual([
      'alpha@w1',
      'zeta@*',
    ]);
    expect(registry.list('w3').map((a) => a.name)).toEqual(['zeta']);
    expect(registry.get('alpha', 'w2')?.worldId).toBe('w2');
    expect(registry.get('alpha', 'w3')).toBeUndefined();
    // Built-ins come first in annotated(), whatever their names.
    expect(registry.annotated('command', 'w1').map((a) => a.app.name)).toEqual(['zeta', 'alpha']);

    expect(registry.unregister('alpha', 'w1')).toBe(true);
    expect(registry.get('alpha', 'w1')).toBeUndefined();
    expect(registry.get('alpha', 'w2')).toBeDefined();
    expect(registry.unregister('alpha')).toBe(false);
  });

  it('never lets a built-in and a world app share a name', () => {
    const registry = new AppRegistry();
    registry.register(app('emgen'));
    registry.register(app('units', 'w1'));
    expect(() => registry.register(app('emgen', 'w1'))).toThrow('An app named "emgen" is built in');
    expect(() => registry.register(app('units'))).toThrow(
      'An app named "units" is already registered in a world',
    );
  });
});

describe('exposedId / exposedPath', () => {
  const remote = app('units', 'w1');
  const builtIn = app('dashboard');

  it('namespaces a world app under its name, once', () => {
    expect(exposedId(remote, 'new_chat')).toBe('units/new_chat');
    expect(exposedId(remote, 'units/convert')).toBe('units/convert');
    expect(exposedId(remote, 'unitsx/convert')).toBe('units/unitsx/convert');
    expect(exposedPath(remote, '/u1/demo')).toBe('/units/u1/demo');
    expect(exposedPath(remote, 'help')).toBe('/units/help');
  });

  it('leaves built-in ids as declared', () => {
    expect(exposedId(builtIn, 'new_chat')).toBe('new_chat');
    expect(exposedPath(builtIn, '/u1/demo')).toBe('/u1/demo');
  });
});
