import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogueConflicts, readCatalogue, scanKeys } from '../../../scripts/i18nKeys';

/**
 * Every text the pages translate has its German, and its English plural
 * forms: a string added in English only would show English on a German page.
 */
const scan = scanKeys();
const german = readCatalogue('de');
const english = readCatalogue('en');
const forms = (key: string, plural: boolean) => (plural ? [`${key}_one`, `${key}_other`] : [key]);

describe('translation catalogues', () => {
  it('finds the keys written in the source', () => {
    expect(scan.keys.length).toBeGreaterThan(0);
  });

  it('has German for every key', () => {
    const missing = scan.keys
      .flatMap(({ key, plural, at }) => forms(key, plural).map((form) => ({ form, at })))
      .filter(({ form }) => !german[form]?.trim())
      .map(({ form, at }) => `${at}: ${form}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has both English plural forms of every counted key', () => {
    const missing = scan.keys
      .filter((k) => k.plural)
      .flatMap(({ key, at }) => forms(key, true).map((form) => ({ form, at })))
      .filter(({ form }) => !english[form])
      .map(({ form, at }) => `${at}: ${form}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('loads every catalogue file: each is imported by its language index', () => {
    for (const language of ['en', 'de']) {
      const dir = `src/i18n/locales/${language}`;
      const index = fs.readFileSync(`${dir}/index.ts`, 'utf8');
      const files = fs.readdirSync(dir).filter((f) => f.endsWith('.json'));
      expect(files.filter((f) => !index.includes(`'./${f}'`))).toEqual([]);
    }
  });

  it('translates a key shared by two areas the same way in both', () => {
    expect([...catalogueConflicts('en'), ...catalogueConflicts('de')]).toEqual([]);
  });

  it('keeps the placeholders of each key in its German', () => {
    const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
    const wrong = Object.entries(german)
      .filter(([key, text]) => {
        const base = key.replace(/_(one|other)$/, '');
        return placeholders(text).some((p) => !placeholders(base).includes(p) && p !== 'count');
      })
      .map(([key]) => key);
    expect(wrong).toEqual([]);
  });
});
