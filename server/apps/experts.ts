import type { ExpertRow } from '../store/experts';
import { expertPageCog, type ExpertPageDeps } from './expertHomePage';
import type { App, Cog } from '../cog/registry';

/**
 * The experts app: each expert stored in this installation (`rows`, as
 * store.experts.list() gives them) is a cog annotated `expert`; with `pages`,
 * each also has a home page (a cog annotated `page`, pagename = the expert
 * id), which is where its home_link `/a/experts/p/{id}` goes.
 */
export function expertsApp(rows: ExpertRow[], pages?: ExpertPageDeps): App {
  const expertCogs: Cog[] = rows.map((e) => ({
    module: 'experts',
    name: e.id,
    annotations: {
      expert: {
        expert_id: e.id,
        name: e.name,
        keywords: e.keywords,
        home_link: e.home_link,
        description: e.description,
        model: e.model,
        system_prompt: e.system_prompt,
        ...(e.tool_providers ? { tool_providers: e.tool_providers } : {}),
      },
    },
  }));
  const pageCogs = pages ? rows.map((e) => expertPageCog(pages, e.id, e.name)) : [];
  return { name: 'experts', processId: process.pid, cogs: [...expertCogs, ...pageCogs] };
}
