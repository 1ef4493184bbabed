/**
 * The search evaluation set (issue 18): business documents under
 * eval/search/documents/<area>/, and the queries people would type to find
 * them, in three kinds:
 * - `paraphrase`: says what the document is about without any of its
 *   content words (checked by overlap.ts);
 * - `question`: a natural question the document answers;
 * - `keyword`: the few words someone types who remembers a term.
 */
export type QueryKind = 'paraphrase' | 'question' | 'keyword';

export interface SearchQuestion {
  q: string;
  kind: QueryKind;
  /** The document that answers it, relative to eval/search/documents (e.g. "hr/parental-leave.md"). */
  file: string;
}
