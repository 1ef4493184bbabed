import { describe, expect, it } from 'vitest';
import { titleForPath, worldIdFromPath, worldTitle } from '../../../src/features/world/worldPath';

describe('the title rule (SPEC §1)', () => {
  it.each([
    ['acme_research', 'Acme Research'],
    ['innovation-lab', 'Innovation Lab'],
    ['a-b_c', 'A B C'],
    ['solo', 'Solo'],
    ['double--dash', 'Double Dash'],
  ])('%s → %s', (id, title) => expect(worldTitle(id)).toBe(title));

  it('uses the default title outside a world', () => {
    expect(titleForPath('/login')).toBe('Innovation Algebra');
    expect(titleForPath('/admin/apps')).toBe('Innovation Algebra');
    expect(titleForPath('/w/acme_research/workspace')).toBe('Acme Research');
  });

  it('reads the world id from /w/{worldid} paths only', () => {
    expect(worldIdFromPath('/w/innovation-lab')).toBe('innovation-lab');
    expect(worldIdFromPath('/w/a%20b/dashboard')).toBe('a b');
    expect(worldIdFromPath('/workspace')).toBeUndefined();
  });
});
