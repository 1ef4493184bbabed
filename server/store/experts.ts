import type { Queries } from './kysely';

export interface ExpertRow {
  id: string;
  name: string;
  keywords: string[];
  home_link: string | null;
  description: string;
  model: string | null;
  system_prompt: string | null;
}

/** Expert definitions; the experts app turns each into a cog annotated `expert`. */
export class ExpertsRepository {
  constructor(private readonly q: Queries) {}

  async list(): Promise<ExpertRow[]> {
    const rows = await this.q.selectFrom('experts').selectAll().orderBy('name').execute();
    return rows.map((r) => ({ ...r, keywords: JSON.parse(r.keywords) as string[] }));
  }

  async upsert(e: ExpertRow): Promise<void> {
    const fields = {
      name: e.name,
      keywords: JSON.stringify(e.keywords),
      home_link: e.home_link,
      description: e.description,
      model: e.model,
      system_prompt: e.system_prompt,
    };
    await this.q
      .insertInto('experts')
      .values({ id: e.id, ...fields })
      .onConflict((oc) => oc.column('id').doUpdateSet(fields))
      .execute();
  }
}
