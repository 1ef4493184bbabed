import type { ToolTask } from './intent';
import {
  convertSnippet,
  convertTimeSnippet,
  differenceSnippet,
  evaluateSnippet,
  nowSnippet,
  statisticsSnippet,
} from './snippets';
import { callTool, hasTool, valueOf } from './turn';
import type { Turn } from './turn';
import { code, providerMissing, source } from './voices';

/**
 * The software specialist: turns a computed result into a small runnable
 * TypeScript snippet that reproduces it (so the meeting has code blocks),
 * and never makes up code it cannot check.
 */

type Moment = { timezone: string; text: string; iso: string; time: string };

function origin(task: ToolTask, v: Record<string, unknown>): string {
  const a = task.args;
  const zone = (m: unknown) => (m as Moment | undefined)?.timezone ?? '';
  const what: Record<string, string> = {
    calc_evaluate: `calc_evaluate on ${code(String(a.expression))}`,
    calc_convert: `calc_convert (${a.value} ${a.from} → ${a.to})`,
    calc_statistics: `calc_statistics${a.statistic && a.statistic !== 'summary' ? ` (${String(a.statistic)})` : ''} over ${(a.numbers as unknown[] | undefined)?.length} numbers`,
    datetime_now: `datetime_now for ${zone(v)}`,
    datetime_convert: `datetime_convert from ${zone(v.from)} to ${zone(v.to)}`,
    datetime_difference: `datetime_difference in ${zone(v.from)}`,
  };
  return `${what[task.tool] ?? task.tool}; the snippet is mine, the value is the tool's`;
}

function calcSnippet(
  task: ToolTask,
  v: Record<string, unknown>,
): { headline: string; body: string } {
  if (task.tool === 'calc_statistics') {
    const summary = v.statistic === 'summary' || v.statistic === undefined;
    return {
      headline: summary ? `Mean **${v.mean}**, median ${v.median}` : `${v.label} **${v.headline}**`,
      body: statisticsSnippet(task.args.numbers as number[], v),
    };
  }
  if (task.tool === 'calc_convert') {
    return {
      headline: `**${String(v.answer)}**`,
      body: convertSnippet(v.value, v.fromUnit, v.toUnit, String(v.result)),
    };
  }
  const result = String(v.result);
  return { headline: `**${result}**`, body: evaluateSnippet(String(v.expression), result) };
}

function timeSnippet(
  task: ToolTask,
  v: Record<string, unknown>,
): { headline: string; body: string } {
  const headline = `**${String(v.answer)}**`;
  if (task.tool === 'datetime_now') return { headline, body: nowSnippet(v as unknown as Moment) };
  const a = v.from as Moment;
  const b = v.to as Moment;
  if (task.tool === 'datetime_convert') return { headline, body: convertTimeSnippet(a, b) };
  return { headline, body: differenceSnippet(a, b, Number(v.totalMinutes)) };
}

/** A tool's result, reproduced in TypeScript. */
export async function snippetAnswer(turn: Turn, task: ToolTask): Promise<string> {
  if (!hasTool(turn, task.tool))
    return providerMissing(task.tool, 'code', turn.request.configureUrl);
  const outcome = await callTool(turn, task);
  if (!outcome.ok) {
    return (
      `No snippet from me: the tool refused it (${outcome.error}), and I won't write code for a value I can't check.` +
      source(`${task.tool} (refused)`)
    );
  }
  const v = valueOf(outcome.result);
  const { headline, body } = task.tool.startsWith('calc_')
    ? calcSnippet(task, v)
    : timeSnippet(task, v);
  return `${headline} — reproduced in TypeScript, runnable as-is:\n\n${body}${source(origin(task, v))}`;
}

export function codeQuestionAnswer(): string {
  return (
    'Offline, I write code only for results I can check: ask me a calculation or a date question ' +
    "and I'll hand back a runnable TypeScript snippet that reproduces it. For anything broader I'd " +
    "need the language-model engine, and I won't make code up." +
    source('from my own notes')
  );
}
