import type { DeclaredCog } from '../../../protocol';
import type { AppRegistry } from '../registry';

const expertIdOf = (name: string, attrs: Record<string, unknown>) =>
  typeof attrs.expert_id === 'string' ? attrs.expert_id : name;

/**
 * What is wrong with the cogs a remote app declares, or undefined: the same
 * module/cog twice, or an expert id another app already answers for (a remote
 * app must not take over questions meant for someone else's expert).
 */
export function checkDeclaredCogs(cogs: DeclaredCog[], registry: AppRegistry): string | undefined {
  const seen = new Set<string>();
  for (const c of cogs) {
    const key = `${c.module}/${c.cog}`;
    if (seen.has(key)) return `Cog ${key} is declared twice`;
    seen.add(key);
  }
  const taken = new Set(registry.annotated('expert').map((a) => expertIdOf(a.cog.name, a.attrs)));
  for (const c of cogs) {
    const expert = c.annotations.expert;
    if (!expert) continue;
    const id = expertIdOf(c.cog, expert);
    if (taken.has(id)) return `Expert id "${id}" is already taken`;
    taken.add(id);
  }
  return undefined;
}
