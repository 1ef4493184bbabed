import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguageChoice } from '../../protocol';
import english from './locales/en';

/**
 * The one translation instance of the page. Keys are the English text
 * itself (SPEC's strings word for word), so English needs no catalogue
 * except for plural forms (locales/en), and a string not yet in a
 * catalogue still reads in English. Other languages load as chunks of their
 * own, only when chosen (locales/<code>, one file per area of the app).
 *
 * How the source uses it:
 * - in components `const { t } = useTranslation()`, elsewhere `t` from here;
 * - the key is the English text written out as a literal, with `{{name}}`
 *   placeholders: `t('Delete {{name}}?', { name })`;
 * - a count makes plural forms: `t('{{count}} files', { count })` with
 *   `{{count}} files_one` / `_other` in locales/en and locales/de;
 * - a text chosen from a table (labels by value) is marked where it is
 *   written, `tKey('Light')`, and translated where it is shown, `t(label)`;
 * - dates, numbers and sizes go through ./format.
 * tests/unit/i18n/catalogues.test.ts checks every literal key has its German.
 */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language's name in itself, as a chooser lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/** localStorage: the language last applied, so the next start (signed in or not) opens in it. */
export const LANGUAGE_STORAGE_KEY = 'emgen.language';

/**
 * Keys asked for in a language whose catalogue lacks them (shown in English
 * meanwhile), for the end-to-end check that walks the pages in German.
 */
export const missingKeys = new Set<string>();

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  resources: { en: { translation: english } },
  // Natural-language keys contain ':' and '.', which are not separators here.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; escaping here too would show '&amp;'.
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
  // Off in English (below): its keys are the text itself, so nearly every lookup is a "missing"
  // key, and reporting each one made every screen's lookups markedly slower.
  saveMissing: false,
  saveMissingTo: 'current',
  missingKeyHandler: (languages, _ns, key) => {
    if (!languages.includes('en')) missingKeys.add(key);
  },
});
// Missing keys matter in the other languages only: reported there.
i18n.on('languageChanged', (language) => {
  i18n.options.saveMissing = language !== 'en';
});
if (typeof window !== 'undefined') {
  (window as unknown as { __emgenMissingTranslations?: Set<string> }).__emgenMissingTranslations =
    missingKeys;
}

/**
 * Marks a text chosen from a table (labels by value) as a key, where it is
 * written; `t(label)` translates it where it is shown. It returns the text
 * unchanged: the mark is for the catalogue check, which reads it as a key.
 */
export function tKey<const T extends string>(key: T): T {
  return key;
}

// Each language but English is a chunk of its own, fetched only when chosen. Written out
// (not import.meta.glob) so the store also loads in plain Node, as the benches run it.
const catalogues: Record<Exclude<Language, 'en'>, () => Promise<Record<string, string>>> = {
  de: () => import('./locales/de').then((m) => m.default),
};

/** The language a choice means here: 'browser' is the first of the browser's we have. */
export function resolveLanguage(
  choice: LanguageChoice | string | null | undefined,
  preferred: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if (choice && choice !== 'browser') {
    return (LANGUAGES as readonly string[]).includes(choice) ? (choice as Language) : 'en';
  }
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0] ?? '';
    if ((LANGUAGES as readonly string[]).includes(base)) return base as Language;
  }
  return 'en';
}

async function loadCatalogue(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await catalogues[language](), true, true);
}

/** The choice last applied on this browser ('browser' when none). */
export function storedLanguageChoice(): LanguageChoice {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return stored === 'en' || stored === 'de' ? stored : 'browser';
  } catch {
    return 'browser';
  }
}

/**
 * Loads the language a choice means and switches every page to it: the
 * text, <html lang>, and the formats of dates, numbers and sizes. The
 * choice is remembered on this browser for the next start.
 */
export async function applyLanguage(choice: LanguageChoice): Promise<Language> {
  const language = resolveLanguage(choice);
  await loadCatalogue(language);
  await i18n.changeLanguage(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
  try {
    if (choice === 'browser') localStorage.removeItem(LANGUAGE_STORAGE_KEY);
    else localStorage.setItem(LANGUAGE_STORAGE_KEY, choice);
  } catch {
    // Storage refused (private mode): the account still remembers the choice.
  }
  return language;
}

/** The text of a key outside React (sagas, slices, formatters), in the current language. */
export const t = i18n.t.bind(i18n);
