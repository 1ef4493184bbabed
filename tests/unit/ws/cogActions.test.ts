import { prepareAutoBatched } from '@reduxjs/toolkit';
import { describe, expect, it } from 'vitest';
import { cogIn } from '../../../src/ws/cogActions';

/** The meta RTK's action creator types leave out (it comes from the prepare callback). */
const metaOf = (action: object) => (action as { meta?: unknown }).meta;

describe('cogIn', () => {
  const hello = { typ: 'server.hello', content: { version: '1' } } as const;

  it("is auto-batched with the same meta RTK's prepareAutoBatched writes", () => {
    const action = cogIn('server.hello')(hello);
    expect(metaOf(action)).toEqual(prepareAutoBatched()(hello).meta);
    expect(JSON.stringify(action)).toBe(
      JSON.stringify({ type: 'cog/in/server.hello', ...prepareAutoBatched()(hello) }),
    );
  });

  it('shares one frozen meta among all inbound actions', () => {
    const a = cogIn('server.hello')(hello);
    const b = cogIn('server.heartbeat')({ typ: 'server.heartbeat', content: { time: 1 } });
    expect(metaOf(a)).toBe(metaOf(b));
    expect(Object.isFrozen(metaOf(a))).toBe(true);
  });
});
