import type { Queries } from './kysely';

export interface ExpertRow {
  id: string;
  name: string;
  keywords: string[];
  home_link: string | null;
  description: string;
  model: string | null;
  system_prompt: string | null;
  /**
   * The tool providers the expert brings (preselected when a workspace is
   * created with it); null when it declares none and they are read from its
   * specialties instead.
   */
  tool_providers: string[] | null;
}

/** A stored JSON list of names; anything else (a hand-edited row) reads as not declared. */
function nameList(json: string | null): string[] | null {
  if (json === null) return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? parsed.filter((n): n is string => typeof n === 'string') : null;
  } catch {
    return null;
  }
}

/** Expert definitions; the experts app turns each into a cog annotated `expert`. */
export class ExpertsRepository {
  constructor(private readonly q: Queries) {}

  async list(): Promise<ExpertRow[]> {
    const rows = await this.q.selectFrom('experts').selectAll().orderBy('name').execute();
    return rows.map((r) => ({
      ...r,
      keywords: JSON.parse(r.keywords) as string[],
      tool_providers: nameList(r.tool_providers),
    }));
  }

  async upsert(e: ExpertRow): Promise<void> {
    const fields = {
      name: e.name,
      keywords: JSON.stringify(e.keywords),
      home_link: e.home_link,
      description: e.description,
      model: e.model,
      system_prompt: e.system_prompt,
      tool_providers: e.tool_providers === null ? null : JSON.stringify(e.tool_providers),
    };
    await this.q
      .insertInto('experts')
      .values({ id: e.id, ...fields })
      .onConflict((oc) => oc.column('id').doUpdateSet(fields))
      .execute();
  }
}
