import { calcAnswer } from './math';
import type { Part, PartialReading, Reading } from './compute';
import type { Domain } from './domains';
import { callTool, hasTool, valueOf } from './turn';
import type { Turn } from './turn';
import { code, providerMissing, source } from './voices';

/**
 * An expert's answer to the computable questions of a message: each part it
 * covers, computed with a tool and led by its result in bold; the parts it
 * could not read said plainly (what it understood, what it could not), never
 * guessed. Several parts are answered one after the other, in order.
 */

/** Tools whose answers have their own wording (math.ts); the rest follow `ComputedValue`. */
const WORDED = new Set(['calc_evaluate', 'calc_convert', 'calc_statistics']);

/**
 * What every other compute tool returns as its value: the result as it is
 * said (the bold headline), the expression it evaluated, and optionally the
 * working in a sentence or two.
 */
export interface ComputedValue {
  answer: string;
  expression: string;
  working?: string;
}

function unread(reading: PartialReading): string {
  return (
    `I understood this as ${reading.understood}, but ${reading.missing}. ` +
    'Could you restate it with the numbers spelled out?' +
    source('from my own notes — nothing was computed')
  );
}

async function computed(turn: Turn, reading: Reading): Promise<string> {
  const { task } = reading;
  if (WORDED.has(task.tool)) return calcAnswer(turn, task);
  if (!hasTool(turn, task.tool))
    return providerMissing(task.tool, reading.domain, turn.request.configureUrl);
  const outcome = await callTool(turn, task);
  if (!outcome.ok) {
    return `I could not work that out: ${outcome.error}.` + source(`${task.tool} (refused)`);
  }
  const v = valueOf(outcome.result) as unknown as ComputedValue;
  turn.report.trace(`${turn.request.expert.name} · evaluated`, {
    value: { tool: task.tool, expression: v.expression },
  });
  const working = v.working ? `${v.working}\n\n` : '';
  return (
    `**${v.answer}**\n\n${working}Evaluated: ${code(v.expression)}.` +
    source(`${task.tool}, computed exactly`)
  );
}

function answerOne(turn: Turn, reading: Reading | PartialReading): Promise<string> {
  return reading.kind === 'partial' ? Promise.resolve(unread(reading)) : computed(turn, reading);
}

/**
 * The parts this expert answers: those of its own specialties, and those of a
 * specialty nobody on the panel covers (so a lone numbers expert still gives
 * the date part rather than leaving it unanswered).
 */
export function partsFor(parts: Part[], mine: Domain[], covered: Set<Domain>): Part[] {
  return parts.filter((p) => mine.includes(p.reading.domain) || !covered.has(p.reading.domain));
}

export async function partsAnswer(turn: Turn, parts: Part[], all: Part[]): Promise<string> {
  if (all.length === 1) return answerOne(turn, parts[0]!.reading);
  const sections: string[] = [];
  for (const part of parts) {
    const index = all.indexOf(part) + 1;
    sections.push(
      `_${index}. ${part.text.replace(/[_*]/g, '')}_\n\n${await answerOne(turn, part.reading)}`,
    );
  }
  return sections.join('\n\n');
}
