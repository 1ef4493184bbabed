/** A passage drive_search quotes: where it is, how well it answers, its text. */
export interface DrivePassage {
  drive: string;
  path: string;
  /**
   * 0..1: the file's score (the better of semantic score and text relevance, plus a
   * bonus when both found it), averaged with its passage's score when it has one.
   */
  score: number;
  text: string;
  /** The heading the passage sits under in its file, when it has one. */
  heading?: string;
  semanticScore?: number;
  textScore?: number;
}
