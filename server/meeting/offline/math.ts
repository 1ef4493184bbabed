import { leadFor } from './domains';
import type { ToolTask } from './intent';
import { callTool, hasTool, valueOf } from './turn';
import type { Turn } from './turn';
import { code, providerMissing, source } from './voices';

/**
 * The numbers specialist: runs the calculation and leads with the result in
 * bold (follow-ups read it back from there), then the working and the tool.
 */

function basisNote(task: ToolTask): string {
  return task.basis ? `, using ${task.basis.text} from ${task.basis.by}'s last answer` : '';
}

function describeTask(task: ToolTask): string {
  const a = task.args;
  if (task.tool === 'calc_evaluate') return `calc_evaluate on ${code(String(a.expression))}`;
  if (task.tool === 'calc_convert') return `calc_convert (${a.value} ${a.from} → ${a.to})`;
  const which = a.statistic && a.statistic !== 'summary' ? ` (${String(a.statistic)})` : '';
  return `calc_statistics${which} over ${(a.numbers as number[]).length} numbers`;
}

function statisticsTable(v: Record<string, unknown>): string {
  const rows = [
    ['Count', v.count],
    ['Sum', v.sum],
    ['Mean', v.mean],
    ['Median', v.median],
    ['Mode', v.mode],
    ['Range', v.range],
    ['Standard deviation (sample)', v.stdDev],
    ['Standard deviation (population)', v.populationStdDev],
    ['Min', v.min],
    ['Max', v.max],
  ];
  return ['| Statistic | Value |', '|---|---|', ...rows.map(([k, x]) => `| ${k} | ${x} |`)].join(
    '\n',
  );
}

/** The statistic asked leads, in bold; a summary leads with the mean. */
function statisticsAnswer(v: Record<string, unknown>): string {
  if (v.statistic === 'summary' || v.statistic === undefined) {
    return `Mean **${v.mean}**, median ${v.median}.\n\n${statisticsTable(v)}`;
  }
  const headline = v.headline === 'no mode' ? '**No mode**' : `${v.label} **${v.headline}**`;
  return `${headline}\n\n${v.working}\n\n${statisticsTable(v)}`;
}

export async function calcAnswer(turn: Turn, task: ToolTask): Promise<string> {
  if (!hasTool(turn, task.tool))
    return providerMissing(task.tool, 'math', turn.request.configureUrl);
  const outcome = await callTool(turn, task);
  if (!outcome.ok) {
    return (
      `I could not work that out: ${outcome.error}.` + source(`${describeTask(task)} (refused)`)
    );
  }
  const v = valueOf(outcome.result);
  const from = source(describeTask(task) + basisNote(task));
  if (task.tool === 'calc_statistics' || task.tool === 'calc_convert') {
    turn.report.trace(`${turn.request.expert.name} · evaluated`, {
      value: { tool: task.tool, expression: v.expression },
    });
  }
  if (task.tool === 'calc_statistics') return `${statisticsAnswer(v)}${from}`;
  if (task.tool === 'calc_convert') {
    return `**${v.answer}**\n\n${v.working} Unit factors applied exactly.${from}`;
  }
  const asked = String(task.args.expression);
  const working =
    asked.trim() === v.expression
      ? code(String(v.expression))
      : `${asked} → ${code(String(v.expression))}`;
  return (
    `**${v.result}**\n\nWorking: ${working} = ${v.result}. ` +
    `Checked twice with exact decimal arithmetic, so no rounding error creeps in.${from}`
  );
}

export async function mathAnswer(turn: Turn): Promise<string> {
  const { intent, request } = turn;
  if (intent.kind === 'calc') return calcAnswer(turn, intent.task);
  if (intent.kind === 'currency') {
    const web = leadFor('web', request.panel, request.expert);
    const amount = intent.amount ? `${intent.amount} ` : '';
    const who = web ? `${web.name} can look a current rate up` : 'a web search could find one';
    return (
      `I can't convert ${amount}to ${intent.currency} exactly: that needs a live exchange rate, ` +
      `and my calculation tools only know physical units. ${who}.` +
      source('from my own notes')
    );
  }
  return (
    `There's no earlier numeric result in this conversation for "that" to refer to — ` +
    `give me the number and I'll work it out.` +
    source('from my own notes (the conversation so far)')
  );
}
