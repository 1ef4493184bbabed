import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SearchQuestion } from './types';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DOCUMENTS_DIR = path.join(here, 'documents');

/** Every document (by path under documents/) and every query of every area's set. */
export function loadSearchSet(): { documents: Map<string, string>; questions: SearchQuestion[] } {
  const documents = new Map<string, string>();
  for (const area of fs.readdirSync(DOCUMENTS_DIR).sort()) {
    const dir = path.join(DOCUMENTS_DIR, area);
    if (!fs.statSync(dir).isDirectory()) continue;
    for (const name of fs.readdirSync(dir).sort()) {
      documents.set(`${area}/${name}`, fs.readFileSync(path.join(dir, name), 'utf8'));
    }
  }
  const questions: SearchQuestion[] = [];
  const setsDir = path.join(here, 'sets');
  for (const name of fs.readdirSync(setsDir).sort()) {
    if (!name.endsWith('.json')) continue;
    questions.push(
      ...(JSON.parse(fs.readFileSync(path.join(setsDir, name), 'utf8')) as SearchQuestion[]),
    );
  }
  return { documents, questions };
}
