/** npm run docs:config — rewrites the README's configuration table from server/config.ts. */
import fs from 'node:fs';
import { format } from 'prettier';
import { configDocs } from '../server/config';

const rows = configDocs.map(
  (d) =>
    `| \`${d.name}\` | ${d.default === undefined ? '(unset)' : `\`${d.default}\``} | ${d.doc} |`,
);
const lines = fs.readFileSync('README.md', 'utf8').split('\n');
const start = lines.findIndex((l) => /^\|\s*variable\s*\|/.test(l));
if (start < 0)
  throw new Error('README.md has no configuration table (a row starting "| variable |")');
let end = start + 2;
while (end < lines.length && lines[end]!.startsWith('|')) end++;
const text = [...lines.slice(0, start + 2), ...rows, ...lines.slice(end)].join('\n');
fs.writeFileSync('README.md', await format(text, { parser: 'markdown', filepath: 'README.md' }));
console.log(`README.md: ${rows.length} configuration variables`);
