import { parseDateTime, resolveTimeZone } from '../tools/datetime';

/**
 * Date and time questions: "what time is it in Tokyo", "convert 9am from
 * London to Tokyo", "3pm London time in Tokyo", "time difference between
 * Tokyo and London", "how many days between 1 March and 25 December",
 * "how long until Christmas". Candidates are checked with the tools' own
 * parsers so a question is only routed to a tool that can read it.
 */

export interface TimeTask {
  tool: string;
  args: Record<string, unknown>;
}

function isZone(text: string | undefined): boolean {
  if (!text) return false;
  try {
    resolveTimeZone(text);
    return true;
  } catch {
    return false;
  }
}

function isDate(text: string | undefined, now: Date): boolean {
  if (!text) return false;
  try {
    parseDateTime(text, now);
    return true;
  } catch {
    return false;
  }
}

const cleanZone = (z: string) => z.replace(/\s+time$/, '').trim();

function convertTask(q: string, now: Date): TimeTask | null {
  const patterns = [
    /^(?:please )?convert (.+?) from (.+?) (?:to|into|in) (.+?)(?: time)?$/i,
    /^(?:what(?:'s| is) )?(.+?) (?:in )?([a-z][a-z _/]+?) time (?:in|to|for) ([a-z][a-z _/]+?)(?: time)?$/i,
    /^(?:what(?:'s| is) )?(\S*\d\S*(?: ?[ap]\.?m\.?)?) (?:in )?([a-z][a-z _/]+?) (?:in|to) ([a-z][a-z _/]+?)(?: time)?$/i,
  ];
  for (const re of patterns) {
    const m = re.exec(q);
    if (m && isDate(m[1], now) && isZone(cleanZone(m[2]!)) && isZone(cleanZone(m[3]!))) {
      return {
        tool: 'datetime_convert',
        args: { datetime: m[1], from: cleanZone(m[2]!), to: cleanZone(m[3]!) },
      };
    }
  }
  const when =
    /^when it(?:'s| is) (.+?) in (.+?),? what(?:'s| is) the time in (.+)$|^when it(?:'s| is) (.+?) in (.+?),? what time is it in (.+)$/i.exec(
      q,
    );
  if (when) {
    const [dt, from, to] = when[1] ? [when[1], when[2], when[3]] : [when[4], when[5], when[6]];
    if (isDate(dt, now) && isZone(from) && isZone(to)) {
      return { tool: 'datetime_convert', args: { datetime: dt, from, to } };
    }
  }
  const zones = /\btime difference between ([a-z][a-z _/]+?) and ([a-z][a-z _/]+)$/i.exec(q);
  if (zones && isZone(zones[1]) && isZone(zones[2])) {
    return { tool: 'datetime_convert', args: { datetime: 'now', from: zones[1], to: zones[2] } };
  }
  return null;
}

function differenceTask(q: string, now: Date): TimeTask | null {
  const between = /\bbetween (.+?) and (.+)$/i.exec(q);
  if (between && isDate(between[1], now) && isDate(between[2], now)) {
    return { tool: 'datetime_difference', args: { from: between[1], to: between[2] } };
  }
  const fromTo = /\bfrom (.+?) (?:to|until|till) (.+)$/i.exec(q);
  if (fromTo && isDate(fromTo[1], now) && isDate(fromTo[2], now)) {
    return { tool: 'datetime_difference', args: { from: fromTo[1], to: fromTo[2] } };
  }
  if (!/\b(?:how (?:many|long|much time)|days?|hours?|weeks?|minutes?|countdown)\b/i.test(q)) {
    return null;
  }
  const until = /\b(?:until|till|before|to) (.+)$/i.exec(q);
  if (until && isDate(until[1], now)) {
    return { tool: 'datetime_difference', args: { from: 'now', to: until[1] } };
  }
  const since = /\bsince (.+)$/i.exec(q);
  if (since && isDate(since[1], now)) {
    return { tool: 'datetime_difference', args: { from: since[1], to: 'now' } };
  }
  return null;
}

const NOW =
  /\b(?:what time|time is it|current time|local time|the time in|time in|time now|what(?:'s| is) the (?:date|time|day)|what date|what day is it|today's date|date today)\b/i;

function nowTask(q: string): TimeTask | null {
  if (!NOW.test(q)) return null;
  const zone =
    /\bin ([a-z][a-z _/'-]*?)(?:\s+(?:right now|now|today|currently|at the moment))?$/i.exec(q);
  return { tool: 'datetime_now', args: { timezone: zone ? cleanZone(zone[1]!) : 'UTC' } };
}

/**
 * The datetime tool call a question needs; null for a date question no tool
 * answers ("30 days from now"); undefined when it is not about dates at all.
 */
export function timeTask(q: string, now: Date): TimeTask | null | undefined {
  const task = convertTask(q, now) ?? differenceTask(q, now);
  if (task) return task;
  if (
    /\b\d+\s+(?:days?|weeks?|months?|years?|hours?)\s+(?:from now|from today|ago|later|after)\b/i.test(
      q,
    )
  ) {
    return null;
  }
  return nowTask(q) ?? undefined;
}
