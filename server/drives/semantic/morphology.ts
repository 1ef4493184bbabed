/**
 * WordNet's "morphy": the base forms a word may be an inflection of. The
 * package ships no *.exc exception lists, so the common irregular forms are
 * listed here; regular forms come from WordNet's detachment rules (plus
 * undoubling: running → run). Candidates are checked against the lemma
 * index by the caller.
 */

const IRREGULAR_FORMS: Record<string, string[]> = {
  // nouns
  children: ['child'],
  men: ['man'],
  women: ['woman'],
  people: ['person', 'people'],
  feet: ['foot'],
  teeth: ['tooth'],
  mice: ['mouse'],
  geese: ['goose'],
  lives: ['life'],
  wives: ['wife'],
  knives: ['knife'],
  leaves: ['leaf', 'leave'],
  halves: ['half'],
  shelves: ['shelf'],
  analyses: ['analysis'],
  bases: ['basis', 'base'],
  crises: ['crisis'],
  criteria: ['criterion'],
  phenomena: ['phenomenon'],
  indices: ['index'],
  matrices: ['matrix'],
  appendices: ['appendix'],
  hypotheses: ['hypothesis'],
  theses: ['thesis'],
  diagnoses: ['diagnosis'],
  media: ['medium', 'media'],
  data: ['datum', 'data'],
  // verbs
  am: ['be'],
  is: ['be'],
  are: ['be'],
  was: ['be'],
  were: ['be'],
  been: ['be'],
  has: ['have'],
  had: ['have'],
  did: ['do'],
  done: ['do'],
  went: ['go'],
  gone: ['go'],
  made: ['make'],
  said: ['say'],
  paid: ['pay'],
  bought: ['buy'],
  brought: ['bring'],
  thought: ['think'],
  taught: ['teach'],
  caught: ['catch'],
  sought: ['seek'],
  fought: ['fight'],
  built: ['build'],
  sent: ['send'],
  spent: ['spend'],
  lent: ['lend'],
  meant: ['mean'],
  kept: ['keep'],
  slept: ['sleep'],
  left: ['leave', 'left'],
  felt: ['feel'],
  dealt: ['deal'],
  held: ['hold'],
  told: ['tell'],
  sold: ['sell'],
  found: ['find', 'found'],
  stood: ['stand'],
  understood: ['understand'],
  led: ['lead'],
  fed: ['feed'],
  met: ['meet'],
  ran: ['run'],
  began: ['begin'],
  begun: ['begin'],
  came: ['come'],
  became: ['become'],
  gave: ['give'],
  given: ['give'],
  took: ['take'],
  taken: ['take'],
  wrote: ['write'],
  written: ['write'],
  drove: ['drive'],
  driven: ['drive'],
  rode: ['ride'],
  ridden: ['ride'],
  chose: ['choose'],
  chosen: ['choose'],
  spoke: ['speak'],
  spoken: ['speak'],
  broke: ['break'],
  broken: ['break'],
  froze: ['freeze'],
  frozen: ['freeze'],
  knew: ['know'],
  known: ['know'],
  grew: ['grow'],
  grown: ['grow'],
  threw: ['throw'],
  thrown: ['throw'],
  flew: ['fly'],
  flown: ['fly'],
  drew: ['draw'],
  drawn: ['draw'],
  saw: ['see', 'saw'],
  seen: ['see'],
  ate: ['eat'],
  eaten: ['eat'],
  fell: ['fall'],
  fallen: ['fall'],
  got: ['get'],
  gotten: ['get'],
  forgot: ['forget'],
  forgotten: ['forget'],
  hid: ['hide'],
  hidden: ['hide'],
  won: ['win'],
  lost: ['lose'],
  sat: ['sit'],
  rose: ['rise', 'rose'],
  risen: ['rise'],
  wore: ['wear'],
  worn: ['wear'],
  tore: ['tear'],
  torn: ['tear'],
  bore: ['bear'],
  borne: ['bear'],
  shook: ['shake'],
  shaken: ['shake'],
  woke: ['wake'],
  sang: ['sing'],
  sung: ['sing'],
  swam: ['swim'],
  drank: ['drink'],
  drunk: ['drink'],
  rang: ['ring'],
  hung: ['hang'],
  struck: ['strike'],
  stuck: ['stick'],
  dug: ['dig'],
  shot: ['shoot', 'shot'],
  lit: ['light'],
  fled: ['flee'],
  bound: ['bind', 'bound'],
  wound: ['wind', 'wound'],
  // adjectives and adverbs
  better: ['good', 'well'],
  best: ['good', 'well'],
  worse: ['bad', 'ill'],
  worst: ['bad', 'ill'],
  more: ['much', 'many'],
  most: ['much', 'many'],
  less: ['little'],
  least: ['little'],
  further: ['far'],
  farther: ['far'],
  elder: ['old'],
  eldest: ['old'],
};

/** A Map, so words like 'constructor' never reach Object.prototype. */
const IRREGULAR = new Map(Object.entries(IRREGULAR_FORMS));

const NOUN_RULES: [string, string][] = [
  ['s', ''],
  ['ses', 's'],
  ['xes', 'x'],
  ['zes', 'z'],
  ['ches', 'ch'],
  ['shes', 'sh'],
  ['men', 'man'],
  ['ies', 'y'],
];
const VERB_RULES: [string, string][] = [
  ['s', ''],
  ['ies', 'y'],
  ['es', 'e'],
  ['es', ''],
  ['ed', 'e'],
  ['ed', ''],
  ['ing', 'e'],
  ['ing', ''],
];
const ADJ_RULES: [string, string][] = [
  ['er', ''],
  ['est', ''],
  ['er', 'e'],
  ['est', 'e'],
];
const RULES = [...NOUN_RULES, ...VERB_RULES, ...ADJ_RULES];

/**
 * The lemmas `word` may stand for, best guess first: the word itself if it
 * is a lemma, its irregular base forms, then what the detachment rules give.
 */
export function baseForms(word: string, isLemma: (w: string) => boolean): string[] {
  const out: string[] = [];
  const add = (w: string) => {
    if (w.length > 1 && !out.includes(w) && isLemma(w)) out.push(w);
  };
  add(word);
  for (const w of IRREGULAR.get(word) ?? []) add(w);
  if (word.length > 3) {
    for (const [suffix, ending] of RULES) {
      if (!word.endsWith(suffix) || word.length - suffix.length < 2) continue;
      const stem = word.slice(0, word.length - suffix.length);
      add(stem + ending);
      // running → runn → run, bigger → bigg → big
      if (ending === '' && stem.length > 2 && stem.at(-1) === stem.at(-2)) add(stem.slice(0, -1));
    }
  }
  // An inflected form that is also a lemma ("glasses", "data") keeps both readings,
  // but never more than three.
  return out.slice(0, 3);
}
