import { sharedContentWords } from './overlap';
import { loadSearchSet } from './set';

/**
 * `tsx eval/search/check.ts`: the set's own rules — every query names a
 * document that exists, and no paraphrase shares a content word with its
 * document. Prints each violation and counts per kind; exits 1 on any.
 */
const { documents, questions } = loadSearchSet();
let bad = 0;
for (const q of questions) {
  const doc = documents.get(q.file);
  if (!doc) {
    console.log(`missing document ${q.file} for ${JSON.stringify(q.q)}`);
    bad++;
    continue;
  }
  if (q.kind === 'paraphrase') {
    const shared = sharedContentWords(q.q, doc);
    if (shared.length) {
      console.log(
        `paraphrase shares [${shared.join(', ')}] with ${q.file}: ${JSON.stringify(q.q)}`,
      );
      bad++;
    }
  }
}
const kinds = ['paraphrase', 'question', 'keyword'] as const;
console.log(
  `${documents.size} documents, ${questions.length} queries (${kinds.map((k) => `${questions.filter((q) => q.kind === k).length} ${k}`).join(', ')})`,
);
const sizes = [...documents.values()].map((d) => d.length).sort((a, b) => a - b);
console.log(
  `document length: ${sizes[0]}–${sizes.at(-1)} characters, median ${sizes[Math.floor(sizes.length / 2)]}`,
);
process.exitCode = bad ? 1 : 0;
