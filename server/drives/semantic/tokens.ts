/**
 * Text to words: lower case, identifiers split (retryWithBackoff → retry
 * with backoff), possessives dropped, stop words marked rather than removed
 * (so a phrase can still be read whole by a caller that wants it).
 */

const STOP = new Set(
  `a about above across after again against all almost along already also although always am among an
  and another any anybody anyone anything anyway anywhere are around as at away back be because been before
  being below between both but by can cannot could did do does doing done down during each either else
  enough etc even ever every everyone everything few for from further get gets getting got had has have
  having he her here hers herself him himself his how however i if in into is it its itself just least
  less let like many may me might mine more most much must my myself neither never no nobody none nor not
  nothing now of off often on once one only onto or other others otherwise our ours ourselves out over
  own per perhaps please quite rather really same shall she should since so some somebody someone
  something sometimes somewhat still such than that the their theirs them themselves then there
  therefore these they this those though through thus to together too toward towards under unless
  until up upon us very via was we well were what whatever when whenever where whereas wherever whether
  which while who whoever whom whose why will with within without would yet you your yours yourself
  yourselves ok okay yes eg ie vs etc re s t d ll m ve don doesn didn isn aren wasn weren won wouldn
  shouldn couldn can't say says said tell told want wants need needs know let's lets thing things way
  ways kind sort lot lots make makes made use used uses using go goes going went come comes came take
  takes took see seen look looks find found new old good great big small also document documents doc
  docs file files page pages question questions answer answers`.split(/\s+/),
);

export function isStopWord(word: string): boolean {
  return STOP.has(word);
}

export interface Token {
  word: string;
  stop: boolean;
}

/** Years are kept as terms; other bare numbers carry no meaning worth matching. */
const keepNumber = (w: string) => /^(?:19|20)\d\d$/.test(w);

/** At most this many characters of a file are analysed (the rest adds little meaning). */
export const MAX_ANALYSED_CHARS = 200_000;

export function tokenize(text: string): Token[] {
  const prepared = text
    .slice(0, MAX_ANALYSED_CHARS)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[\u2018\u2019`]/g, "'")
    .replace(/_/g, ' ');
  const out: Token[] = [];
  for (const match of prepared.matchAll(/[a-z0-9]+(?:['.-][a-z0-9]+)*/g)) {
    let word = match[0];
    if (word.endsWith("'s")) word = word.slice(0, -2);
    if (/^\d+(?:[.-]\d+)*$/.test(word) && !keepNumber(word)) continue;
    out.push({ word, stop: STOP.has(word) || word.length < 2 });
  }
  return out;
}
