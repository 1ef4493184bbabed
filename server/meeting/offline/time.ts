import type { ToolTask } from './intent';
import { callTool, hasTool, valueOf } from './turn';
import type { Turn } from './turn';
import { providerMissing, source } from './voices';

/**
 * The calendar specialist: exact dates and times with their time zone and
 * UTC offset, always naming the tool and zone it used.
 */

type Moment = { timezone: string; text: string; offset: string; time: string };

const place = (zone: string) => zone.split('/').pop()!.replace(/_/g, ' ');

export async function timeAnswer(turn: Turn, task: ToolTask | null): Promise<string> {
  if (!task) {
    return (
      'Adding or subtracting days is not one of my tools yet: I can tell the time in any zone, ' +
      'convert between zones, and count the days between two dates.' +
      source('from my own notes (the date_and_time provider)')
    );
  }
  if (!hasTool(turn, task.tool))
    return providerMissing(task.tool, 'time', turn.request.configureUrl);
  const outcome = await callTool(turn, task);
  if (!outcome.ok) {
    return `I couldn't pin that down: ${outcome.error}.` + source(`${task.tool} (failed)`);
  }
  const v = valueOf(outcome.result);
  if (task.tool === 'datetime_now') {
    const at = v as unknown as Moment;
    return (
      `**${at.time} in ${place(at.timezone)}** — ${at.text} (${at.timezone}, ${at.offset}).` +
      source(`datetime_now for ${at.timezone}, from the meeting's clock`)
    );
  }
  if (task.tool === 'datetime_convert') {
    const a = v.from as Moment;
    const b = v.to as Moment;
    return (
      `**${b.time} in ${place(b.timezone)}** — ${b.text} (${b.timezone}, ${b.offset}).\n\n` +
      `That is ${a.text} in ${a.timezone} (${a.offset}).` +
      source(`datetime_convert from ${a.timezone} to ${b.timezone}`)
    );
  }
  const a = v.from as Moment;
  const b = v.to as Moment;
  const rest = [v.hours ? `${v.hours} hours` : '', v.minutes ? `${v.minutes} minutes` : '']
    .filter(Boolean)
    .join(' and ');
  const direction = Number(v.sign) < 0 ? ' (the second date comes first)' : '';
  return (
    `**${v.days} days**${rest ? `, ${rest}` : ''}${direction}.\n\n` +
    `From ${a.text} to ${b.text} (${a.timezone}) — ${Math.abs(Number(v.totalHours))} hours, ` +
    `${Math.abs(Number(v.totalMinutes))} minutes in all.` +
    source(`datetime_difference in ${a.timezone}`)
  );
}
