import type { ExpertsRepository } from '../store/experts';
import type { App } from './registry';

/** The experts app: each expert stored in this installation is a cog annotated `expert`. */
export function expertsApp(experts: ExpertsRepository): App {
  return {
    name: 'experts',
    processId: process.pid,
    cogs: experts.list().map((e) => ({
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
        },
      },
    })),
  };
}
