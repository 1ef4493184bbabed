import type { Db } from './db';

export interface ExpertRow {
  id: string;
  name: string;
  keywords: string[];
  home_link: string | null;
  description: string;
  model: string | null;
  system_prompt: string | null;
}

type RawExpert = Omit<ExpertRow, 'keywords'> & { keywords: string };

/** Expert definitions; the experts app turns each into a cog annotated `expert`. */
export class ExpertsRepository {
  constructor(private readonly db: Db) {}

  list(): ExpertRow[] {
    return (this.db.prepare('SELECT * FROM experts ORDER BY name').all() as RawExpert[]).map(
      (r) => ({ ...r, keywords: JSON.parse(r.keywords) as string[] }),
    );
  }

  upsert(e: ExpertRow): void {
    this.db
      .prepare(
        `INSERT INTO experts (id, name, keywords, home_link, description, model, system_prompt)
         VALUES (@id, @name, @keywords, @home_link, @description, @model, @system_prompt)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, keywords = excluded.keywords,
           home_link = excluded.home_link, description = excluded.description,
           model = excluded.model, system_prompt = excluded.system_prompt`,
      )
      .run({ ...e, keywords: JSON.stringify(e.keywords) });
  }
}
