import { readParts } from './server/meeting/offline/compute';
const now = new Date('2026-11-24T10:30:00Z');
const qs = process.argv.slice(2);
for (const q of qs) console.log(JSON.stringify(q), '=>', JSON.stringify(readParts(q, now)?.map(p => [p.text, p.reading.kind === 'reading' ? p.reading.task : p.reading])));
