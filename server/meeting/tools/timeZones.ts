import { cityMapping } from 'city-timezones';
import { IANAZone, Info } from 'luxon';
import { ToolError } from '../types';

/**
 * Names people give a time zone, resolved to an IANA id: abbreviations and
 * regions (EST, PT, CET, IST, "Pacific"), IANA ids in any case, countries,
 * cities and states or provinces (city-timezones; the most populous place of
 * that name wins), and fixed offsets ("UTC+5:30", "GMT-3").
 */

/** Abbreviations and names that the city list does not settle (or settles wrongly). */
const ALIASES: Record<string, string> = {
  utc: 'UTC',
  gmt: 'UTC',
  z: 'UTC',
  zulu: 'UTC',
  'coordinated universal': 'UTC',
  greenwich: 'Europe/London',
  // North America
  et: 'America/New_York',
  est: 'America/New_York',
  edt: 'America/New_York',
  eastern: 'America/New_York',
  'us eastern': 'America/New_York',
  ct: 'America/Chicago',
  cst: 'America/Chicago',
  cdt: 'America/Chicago',
  central: 'America/Chicago',
  'us central': 'America/Chicago',
  mt: 'America/Denver',
  mst: 'America/Denver',
  mdt: 'America/Denver',
  mountain: 'America/Denver',
  pt: 'America/Los_Angeles',
  pst: 'America/Los_Angeles',
  pdt: 'America/Los_Angeles',
  pacific: 'America/Los_Angeles',
  'us pacific': 'America/Los_Angeles',
  akst: 'America/Anchorage',
  akdt: 'America/Anchorage',
  alaska: 'America/Anchorage',
  hst: 'Pacific/Honolulu',
  hawaii: 'Pacific/Honolulu',
  ast: 'America/Halifax',
  atlantic: 'America/Halifax',
  nst: 'America/St_Johns',
  newfoundland: 'America/St_Johns',
  // Europe and Africa
  wet: 'Europe/Lisbon',
  west: 'Europe/Lisbon',
  bst: 'Europe/London',
  uk: 'Europe/London',
  britain: 'Europe/London',
  'great britain': 'Europe/London',
  england: 'Europe/London',
  scotland: 'Europe/London',
  wales: 'Europe/London',
  ireland: 'Europe/Dublin',
  cet: 'Europe/Paris',
  cest: 'Europe/Paris',
  'central european': 'Europe/Paris',
  eet: 'Europe/Athens',
  eest: 'Europe/Athens',
  'eastern european': 'Europe/Athens',
  msk: 'Europe/Moscow',
  cat: 'Africa/Maputo',
  eat: 'Africa/Nairobi',
  wat: 'Africa/Lagos',
  sast: 'Africa/Johannesburg',
  kyiv: 'Europe/Kyiv',
  kiev: 'Europe/Kyiv',
  // Asia and Oceania
  ist: 'Asia/Kolkata',
  india: 'Asia/Kolkata',
  pkt: 'Asia/Karachi',
  gst: 'Asia/Dubai',
  sgt: 'Asia/Singapore',
  hkt: 'Asia/Hong_Kong',
  pht: 'Asia/Manila',
  wib: 'Asia/Jakarta',
  ict: 'Asia/Bangkok',
  jst: 'Asia/Tokyo',
  kst: 'Asia/Seoul',
  china: 'Asia/Shanghai',
  beijing: 'Asia/Shanghai',
  bangalore: 'Asia/Kolkata',
  calcutta: 'Asia/Kolkata',
  bombay: 'Asia/Kolkata',
  saigon: 'Asia/Ho_Chi_Minh',
  'ho chi minh city': 'Asia/Ho_Chi_Minh',
  awst: 'Australia/Perth',
  acst: 'Australia/Adelaide',
  acdt: 'Australia/Adelaide',
  aest: 'Australia/Sydney',
  aedt: 'Australia/Sydney',
  nzst: 'Pacific/Auckland',
  nzdt: 'Pacific/Auckland',
  'new zealand': 'Pacific/Auckland',
  // Places the city list lacks or names differently
  washington: 'America/New_York',
  'washington dc': 'America/New_York',
  'washington d.c.': 'America/New_York',
  dc: 'America/New_York',
  nyc: 'America/New_York',
  'new york city': 'America/New_York',
  la: 'America/Los_Angeles',
  sf: 'America/Los_Angeles',
  'silicon valley': 'America/Los_Angeles',
  usa: 'America/New_York',
  us: 'America/New_York',
  america: 'America/New_York',
  'united states': 'America/New_York',
  uae: 'Asia/Dubai',
  'south korea': 'Asia/Seoul',
  korea: 'Asia/Seoul',
  'hong kong': 'Asia/Hong_Kong',
};

/** "EST", "PT", "cet": a zone abbreviation of the alias table (not a place name). */
export function isZoneAbbreviation(token: string): boolean {
  const t = token.toLowerCase();
  return (
    /^[a-z]{2,5}$/.test(t) &&
    t in ALIASES &&
    !/^(?:india|china|korea|us|uk|la|sf|dc|usa|uae)$/.test(t)
  );
}

/** Nationalities ("Indian time", "Japanese time"): the country's most populous zone. */
const NATIONALITIES: Record<string, string> = {
  indian: 'Asia/Kolkata',
  japanese: 'Asia/Tokyo',
  chinese: 'Asia/Shanghai',
  korean: 'Asia/Seoul',
  british: 'Europe/London',
  english: 'Europe/London',
  irish: 'Europe/Dublin',
  french: 'Europe/Paris',
  german: 'Europe/Berlin',
  spanish: 'Europe/Madrid',
  italian: 'Europe/Rome',
  dutch: 'Europe/Amsterdam',
  swiss: 'Europe/Zurich',
  portuguese: 'Europe/Lisbon',
  greek: 'Europe/Athens',
  polish: 'Europe/Warsaw',
  swedish: 'Europe/Stockholm',
  norwegian: 'Europe/Oslo',
  danish: 'Europe/Copenhagen',
  finnish: 'Europe/Helsinki',
  russian: 'Europe/Moscow',
  ukrainian: 'Europe/Kyiv',
  turkish: 'Europe/Istanbul',
  israeli: 'Asia/Jerusalem',
  egyptian: 'Africa/Cairo',
  nigerian: 'Africa/Lagos',
  kenyan: 'Africa/Nairobi',
  'south african': 'Africa/Johannesburg',
  saudi: 'Asia/Riyadh',
  emirati: 'Asia/Dubai',
  pakistani: 'Asia/Karachi',
  bangladeshi: 'Asia/Dhaka',
  nepali: 'Asia/Kathmandu',
  thai: 'Asia/Bangkok',
  vietnamese: 'Asia/Ho_Chi_Minh',
  indonesian: 'Asia/Jakarta',
  filipino: 'Asia/Manila',
  philippine: 'Asia/Manila',
  singaporean: 'Asia/Singapore',
  malaysian: 'Asia/Kuala_Lumpur',
  australian: 'Australia/Sydney',
  kiwi: 'Pacific/Auckland',
  canadian: 'America/Toronto',
  mexican: 'America/Mexico_City',
  brazilian: 'America/Sao_Paulo',
  argentine: 'America/Argentina/Buenos_Aires',
  argentinian: 'America/Argentina/Buenos_Aires',
  chilean: 'America/Santiago',
  colombian: 'America/Bogota',
  peruvian: 'America/Lima',
  hawaiian: 'Pacific/Honolulu',
};

/** Names that say "time" after them in a headline ("Eastern time", "Indian time"). */
const TIME_NAMES = new Set([
  ...Object.keys(NATIONALITIES),
  'eastern',
  'central',
  'mountain',
  'pacific',
  'atlantic',
  'alaska',
  'newfoundland',
  'us eastern',
  'us central',
  'us pacific',
  'central european',
  'eastern european',
]);

/** The words that end a zone's name without being part of it ("Tokyo time", "EST timezone"). */
const SUFFIX = /\s+(?:standard time|daylight time|summer time|time zone|timezone|time|zone)$/;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface Place {
  zone: string;
  pop: number;
}

/** Built once: folded name → zone of the most populous place of that name. */
let places: {
  cities: Map<string, string>;
  countries: Map<string, string>;
  provinces: Map<string, string>;
} | null = null;

function largest(into: Map<string, Place>, name: string, zone: string, pop: number): void {
  const key = fold(name);
  if (!key) return;
  const had = into.get(key);
  if (!had || pop > had.pop) into.set(key, { zone, pop });
}

function placeIndex() {
  if (places) return places;
  const cities = new Map<string, Place>();
  const countries = new Map<string, Place>();
  const provinces = new Map<string, Place>();
  // Each zone checked once: a check builds an Intl.DateTimeFormat, and the city list
  // names some 400 zones 7,300 times (each build was ICU memory the process kept,
  // some 170 MB of RSS, and 0.4 s).
  const valid = new Map<string, boolean>();
  const isValid = (zone: string) => {
    let ok = valid.get(zone);
    if (ok === undefined) valid.set(zone, (ok = IANAZone.isValidZone(zone)));
    return ok;
  };
  for (const c of cityMapping) {
    if (!c.timezone || !isValid(c.timezone)) continue;
    largest(cities, c.city, c.timezone, c.pop);
    largest(cities, c.city_ascii, c.timezone, c.pop);
    largest(countries, c.country, c.timezone, c.pop);
    if (c.province) largest(provinces, c.province, c.timezone, c.pop);
  }
  const zones = (m: Map<string, Place>) => new Map([...m].map(([k, v]) => [k, v.zone]));
  places = { cities: zones(cities), countries: zones(countries), provinces: zones(provinces) };
  return places;
}

/** Every IANA id Intl knows, by its folded id and by its folded last part ("new york"). */
let ianaIndex: { ids: Map<string, string>; lastParts: Map<string, string> } | null = null;

function iana() {
  if (ianaIndex) return ianaIndex;
  const ids = new Map<string, string>();
  const lastParts = new Map<string, string>();
  for (const zone of Intl.supportedValuesOf('timeZone')) {
    ids.set(fold(zone), zone);
    const last = fold(zone.split('/').pop()!);
    if (!lastParts.has(last)) lastParts.set(last, zone);
  }
  ianaIndex = { ids, lastParts };
  return ianaIndex;
}

/** "UTC+5:30", "GMT-3", "+02:00" → Luxon's fixed-offset zone name ("UTC+5:30"). */
function fixedOffset(name: string): string | null {
  const m = /^(?:utc|gmt)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?$/.exec(name);
  if (!m) return null;
  const hours = Number(m[2]);
  const minutes = Number(m[3] ?? 0);
  if (hours > 14 || minutes > 59) return null;
  return `UTC${m[1]}${hours}${minutes ? `:${String(minutes).padStart(2, '0')}` : ''}`;
}

/** The IANA id (or fixed offset) a name stands for, or null when it names no zone. */
export function findTimeZone(input: string): string | null {
  const name = fold(input)
    .replace(SUFFIX, '')
    .replace(/^the\s+/, '');
  if (!name) return null;
  const alias = ALIASES[name] ?? NATIONALITIES[name];
  if (alias) return alias;
  const offset = fixedOffset(name);
  if (offset) return offset;
  const { ids, lastParts } = iana();
  const exact = ids.get(name);
  if (exact) return exact;
  const { cities, countries, provinces } = placeIndex();
  return (
    countries.get(name) ?? cities.get(name) ?? lastParts.get(name) ?? provinces.get(name) ?? null
  );
}

/** As findTimeZone, for a tool argument: empty means UTC, an unknown name is a ToolError. */
export function resolveTimeZone(input: unknown): string {
  const raw = typeof input === 'string' ? input.trim() : '';
  if (!raw) return 'UTC';
  const zone = findTimeZone(raw);
  if (zone && Info.isValidIANAZone(zone)) return zone;
  if (zone?.startsWith('UTC')) return zone;
  throw new ToolError(
    `Unknown time zone "${raw}": use an IANA id such as Asia/Tokyo or a city name such as Tokyo`,
  );
}

/** How a zone is named in a headline: "Tokyo", "New York", "UTC", "UTC+5:30". */
export function placeName(zone: string): string {
  return zone.includes('/') ? zone.split('/').pop()!.replace(/_/g, ' ') : zone;
}

/**
 * The name the asker used, tidied for a headline: "CET", "New York", "Berlin"
 * ("est" → "EST", "new york time" → "New York"); an IANA id gives its place.
 */
export function zoneLabel(input: unknown, zone: string): string {
  const raw = typeof input === 'string' ? input.trim().replace(/\s+/g, ' ') : '';
  const name = fold(raw)
    .replace(SUFFIX, '')
    .replace(/^the\s+/, '');
  if (!name || raw.includes('/') || iana().ids.has(name) || zone.startsWith('UTC')) {
    return placeName(zone);
  }
  if (ALIASES[name] && (/^[a-z]{2,4}$/.test(name) || raw === raw.toUpperCase())) {
    return name.toUpperCase();
  }
  const time = TIME_NAMES.has(name) ? ' time' : '';
  return (
    raw
      .replace(/\s+(?:standard time|daylight time|summer time|time zone|timezone|time|zone)$/i, '')
      .replace(/^the\s+/i, '')
      .replace(/(^|[\s-])([a-z])/g, (_, sep: string, c: string) => sep + c.toUpperCase()) + time
  );
}
