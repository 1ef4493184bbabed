import { trimEnd } from './trimEnd';
/**
 * Tells a request for a document's summary ("summarize our travel policy",
 * "tl;dr of the security policy", "what does our handbook say about
 * expenses") from a specific question ("what's the hotel limit per night?"),
 * which keeps its quoted passage. A summary request names the document (its
 * subject) and sometimes a topic within it.
 */

export interface SummaryRequest {
  /** The document as the question names it: "travel policy", "handbook". */
  subject: string;
  /** What within it, when asked ("expenses"); empty for the whole document. */
  topic: string;
  /** How many sentences, when the question says ("in three sentences"). */
  count?: number;
}

const NUMBERS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6 };
const LENGTH =
  /\bin (\d+|one|two|three|four|five|six) (?:sentences?|bullets?|bullet points?|points?|lines?)\b/i;

/** "in 3 sentences" → 3 (a summary is at most six sentences, so more asks for six). */
function lengthOf(question: string): number | undefined {
  const m = LENGTH.exec(question);
  if (!m) return undefined;
  const n = NUMBERS[m[1]!.toLowerCase()] ?? Number(m[1]);
  return n >= 1 ? Math.min(n, 6) : undefined;
}

const NOUN =
  '(?:summary|summari[sz]ation|overview|tl;?\\s?dr|gist|rundown|run-down|synopsis|recap|digest|outline|' +
  'key (?:points|takeaways)|main (?:points|ideas)|highlights|takeaways|short version|précis|precis)';
const ASK =
  "(?:(?:can|could|would|will) you\\s+)?(?:please\\s+)?(?:(?:give|get|send|show|write|make|do|provide|share)(?: me| us)?|i(?:'d| would) like|i need|i want|let'?s have|can i (?:get|have)|what(?:'s| is| are)|need)?";
const FORMS: RegExp[] = [
  // "summarize our travel policy", "sum up the onboarding doc", "walk me through the runbook"
  new RegExp(
    `^${ASK}\\s*(?:summari[sz]e|sum up|recap|condense|outline|brief me on|walk (?:me|us) through|skim)\\s+(?:for me\\s+|for us\\s+)?(.+)$`,
    'i',
  ),
  // "give me a short summary of the security policy", "tl;dr of the handbook", "key points in the runbook"
  new RegExp(
    `^${ASK}\\s*(?:(?:a|an|the|some)\\s+)?(?:(?:short|brief|quick|high[- ]level|one[- ]paragraph|rough|general)\\s+)?${NOUN}\\s*(?:of|on|for|about|from|in|:|-)\\s*(.+)$`,
    'i',
  ),
  // "travel policy tl;dr", "security policy in a nutshell", "the onboarding doc, summarized"
  new RegExp(
    `^(.+?)[\\s,:-]+(?:${NOUN}|summari[sz]ed|in (?:a nutshell|brief|short|a few (?:sentences|lines|words)))$`,
    'i',
  ),
  // "what does our handbook say about expenses", "what does the remote work policy cover"
  /^(?:so\s+)?what (?:does|do) (.+?) (?:say|state|cover|tell (?:us|me)|contain|include|have to say|lay out)(?:\s+(?:about|on|regarding|concerning|for)\s+(.+))?$/i,
];
/** Forms that ask for a summary only when what they name is a document. */
const DOCUMENT_FORMS: RegExp[] = [
  // "what is the onboarding checklist about", "what's in our security policy"
  /^what(?:'s| is| are) (.+?) (?:all )?about$/i,
  /^what(?:'s| is) in (.+)$/i,
];

/** Phrases that ask for brevity, not a document ("in three sentences", "for me", "please"). */
const TRAILING =
  /[\s,]+(?:please|for me|for us|briefly|quickly|in (?:\w+ )?(?:sentences|bullets|bullet points|points|lines|words)|in a nutshell|in short)$/i;
const DETERMINERS =
  /^(?:(?:our|the|my|your|this|that|these|those|a|an|company'?s?|team'?s?|whole|entire|full|current|latest|new)\s+)+/i;

function clean(text: string): string {
  let t = trimEnd(text, '?!.', true).trim();
  for (let i = 0; i < 3; i++) t = t.replace(TRAILING, '').trim();
  return t
    .replace(DETERMINERS, '')
    .replace(/^["“']|["”']$/g, '')
    .trim();
}

/** "handbook about expenses" → subject "handbook", topic "expenses". */
function splitTopic(subject: string): { subject: string; topic: string } {
  const m =
    /^(.+?)\s+(?:about|regarding|concerning|on the subject of|when it comes to)\s+(.+)$/i.exec(
      subject,
    );
  return m ? { subject: clean(m[1]!), topic: clean(m[2]!) } : { subject, topic: '' };
}

/** Words that make a subject a document of ours rather than a topic for the web. */
const DOCUMENT =
  /\b(?:ours?|docs?|documents?|files?|polic(?:y|ies)|handbook|manual|guide(?:lines)?|checklist|runbook|playbook|notes|minutes|memo|spec(?:ification)?|roadmap|plan|report|post-?mortem|faq|case study|analysis|interviews|contract|agreement|deck|proposal|page|pdf|wiki|readme|budget|guidelines|process|procedure)\b/i;

const MAX_REQUEST_CHARS = 300;

/** The summary a question asks for, or null when it asks something specific. */
export function readSummaryRequest(question: string): SummaryRequest | null {
  // A request for a summary is one short sentence; a long message is something else.
  if (question.length > MAX_REQUEST_CHARS) return null;
  const q = trimEnd(question.replace(/\s+/g, ' ').trim(), '?!.', true);
  const forms = [
    ...FORMS.map((f) => ({ f, any: true })),
    ...DOCUMENT_FORMS.map((f) => ({ f, any: false })),
  ];
  for (const { f, any } of forms) {
    const m = f.exec(q);
    if (!m || (!any && !DOCUMENT.test(m[1]!))) continue;
    let subject = clean(m[1] ?? '');
    let topic = clean(m[2] ?? '');
    if (!topic) ({ subject, topic } = splitTopic(subject));
    if (!subject) continue;
    const count = lengthOf(q);
    return { subject, topic, ...(count ? { count } : {}) };
  }
  return null;
}

/** A summary request about one of our documents (not "summarize the news"). */
export function isDocumentSummary(question: string): boolean {
  const r = readSummaryRequest(question);
  return r !== null && (DOCUMENT.test(question) || DOCUMENT.test(r.subject));
}
