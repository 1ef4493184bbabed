/**
 * The units people write, each with the mathjs unit that converts it and the
 * name the answer gives it (read by units.ts).
 */

export interface UnitEntry {
  /** The mathjs unit. */
  unit: string;
  /** How the answer names it. */
  label: string;
  /** Spellings that must match exactly, case included (MB vs Mb, K). */
  exact?: string[];
  /** Spellings matched without regard to case, spaces or a trailing period. */
  names: string[];
  /** Said in the working when the unit has more than one common meaning. */
  note?: string;
}

export const UNITS: UnitEntry[] = [
  // Temperature
  {
    unit: 'degC',
    label: '°C',
    exact: ['C'],
    names: ['c', '°c', 'ºc', 'degc', 'deg c', 'celsius', 'celcius', 'centigrade', 'c°'],
  },
  {
    unit: 'degF',
    label: '°F',
    exact: ['F'],
    names: ['f', '°f', 'ºf', 'degf', 'deg f', 'fahrenheit', 'farenheit', 'fahrenheight', 'f°'],
  },
  { unit: 'K', label: 'K', exact: ['K'], names: ['kelvin', 'kelvins', '°k'] },
  // Length
  { unit: 'm', label: 'm', names: ['m', 'meter', 'meters', 'metre', 'metres', 'mtr', 'mtrs'] },
  {
    unit: 'km',
    label: 'km',
    names: ['km', 'kms', 'kilometer', 'kilometers', 'kilometre', 'kilometres', 'klick', 'klicks'],
  },
  {
    unit: 'cm',
    label: 'cm',
    names: ['cm', 'cms', 'centimeter', 'centimeters', 'centimetre', 'centimetres'],
  },
  {
    unit: 'mm',
    label: 'mm',
    names: ['mm', 'millimeter', 'millimeters', 'millimetre', 'millimetres'],
  },
  { unit: 'mi', label: 'miles', names: ['mi', 'mile', 'miles'] },
  { unit: 'ft', label: 'ft', names: ['ft', 'foot', 'feet', "'", '′'] },
  { unit: 'inch', label: 'in', names: ['in', 'inch', 'inches', '"', '″', "''"] },
  { unit: 'yd', label: 'yd', names: ['yd', 'yds', 'yard', 'yards'] },
  {
    unit: 'nmi',
    label: 'nautical miles',
    exact: ['NM'],
    names: ['nmi', 'nautical mile', 'nautical miles', 'nm (nautical)'],
  },
  // Mass
  {
    unit: 'kg',
    label: 'kg',
    names: ['kg', 'kgs', 'kilo', 'kilos', 'kilogram', 'kilograms', 'kilogramme', 'kilogrammes'],
  },
  { unit: 'g', label: 'g', names: ['g', 'gram', 'grams', 'gramme', 'grammes', 'gms'] },
  {
    unit: 'mg',
    label: 'mg',
    names: ['mg', 'milligram', 'milligrams', 'milligramme', 'milligrammes'],
  },
  { unit: 'lb', label: 'lb', names: ['lb', 'lbs', 'pound', 'pounds', 'lb.', 'lbs.'] },
  { unit: 'oz', label: 'oz', names: ['oz', 'ounce', 'ounces'] },
  { unit: 'stone', label: 'stone', names: ['st', 'stone', 'stones'] },
  {
    unit: 'tonne',
    label: 'tonnes',
    names: ['tonne', 'tonnes', 'metric ton', 'metric tons', 'metric tonne', 'metric tonnes'],
  },
  // Speed
  {
    unit: 'mi/h',
    label: 'mph',
    names: [
      'mph',
      'mi/h',
      'mi/hr',
      'miles per hour',
      'mile per hour',
      'miles an hour',
      'miles/hour',
      'miles/hr',
    ],
  },
  {
    unit: 'km/h',
    label: 'km/h',
    names: [
      'km/h',
      'km/hr',
      'kph',
      'kmh',
      'kmph',
      'km per hour',
      'kms per hour',
      'kilometers per hour',
      'kilometres per hour',
      'kilometers an hour',
      'kilometres an hour',
      'km an hour',
    ],
  },
  {
    unit: 'm/s',
    label: 'm/s',
    names: [
      'm/s',
      'mps',
      'meters per second',
      'metres per second',
      'meter per second',
      'metre per second',
      'm per s',
    ],
  },
  { unit: 'ft/s', label: 'ft/s', names: ['ft/s', 'fps', 'feet per second', 'foot per second'] },
  { unit: 'knot', label: 'knots', names: ['kn', 'kt', 'kts', 'knot', 'knots'] },
  // Area
  {
    unit: 'ft^2',
    label: 'ft²',
    names: [
      'ft²',
      'ft2',
      'ft^2',
      'sq ft',
      'sqft',
      'sq. ft',
      'sq feet',
      'sq foot',
      'square feet',
      'square foot',
      'square ft',
      'feet squared',
    ],
  },
  {
    unit: 'm^2',
    label: 'm²',
    names: [
      'm²',
      'm2',
      'm^2',
      'sq m',
      'sqm',
      'sq. m',
      'sq meters',
      'sq metres',
      'square meter',
      'square meters',
      'square metre',
      'square metres',
      'meters squared',
      'metres squared',
    ],
  },
  {
    unit: 'km^2',
    label: 'km²',
    names: [
      'km²',
      'km2',
      'km^2',
      'sq km',
      'sqkm',
      'sq. km',
      'square km',
      'square kilometer',
      'square kilometers',
      'square kilometre',
      'square kilometres',
    ],
  },
  {
    unit: 'cm^2',
    label: 'cm²',
    names: [
      'cm²',
      'cm2',
      'cm^2',
      'sq cm',
      'square cm',
      'square centimeter',
      'square centimeters',
      'square centimetre',
      'square centimetres',
    ],
  },
  {
    unit: 'mi^2',
    label: 'sq mi',
    names: ['mi²', 'mi2', 'mi^2', 'sq mi', 'sqmi', 'square mile', 'square miles'],
  },
  {
    unit: 'inch^2',
    label: 'in²',
    names: ['in²', 'in2', 'in^2', 'sq in', 'square inch', 'square inches'],
  },
  {
    unit: 'yd^2',
    label: 'yd²',
    names: ['yd²', 'yd2', 'yd^2', 'sq yd', 'sq yards', 'square yard', 'square yards'],
  },
  { unit: 'intacre', label: 'acres', names: ['acre', 'acres', 'ac'] },
  { unit: 'hectare', label: 'hectares', names: ['ha', 'hectare', 'hectares'] },
  // Volume
  { unit: 'l', label: 'L', names: ['l', 'liter', 'liters', 'litre', 'litres', 'ltr', 'ltrs'] },
  {
    unit: 'ml',
    label: 'mL',
    names: ['ml', 'milliliter', 'milliliters', 'millilitre', 'millilitres', 'mls'],
  },
  {
    unit: 'gal',
    label: 'US gallons',
    names: ['gal', 'gals', 'gallon', 'gallons', 'us gallon', 'us gallons', 'us gal'],
    note: 'US gallons (3.785 L)',
  },
  {
    unit: 'impgal',
    label: 'imperial gallons',
    names: ['imperial gallon', 'imperial gallons', 'uk gallon', 'uk gallons', 'imp gal'],
  },
  {
    unit: 'cup',
    label: 'US cups',
    names: ['cup', 'cups', 'us cup', 'us cups'],
    note: 'US cups (236.6 mL)',
  },
  {
    unit: 'floz',
    label: 'US fl oz',
    names: ['fl oz', 'floz', 'fl. oz', 'fl. oz.', 'fluid ounce', 'fluid ounces', 'us fl oz'],
  },
  { unit: 'pint', label: 'US pints', names: ['pint', 'pints', 'pt'] },
  { unit: 'quart', label: 'US quarts', names: ['quart', 'quarts', 'qt'] },
  { unit: 'tbsp', label: 'tbsp', names: ['tbsp', 'tablespoon', 'tablespoons', 'tbs'] },
  { unit: 'tsp', label: 'tsp', names: ['tsp', 'teaspoon', 'teaspoons'] },
  {
    unit: 'm^3',
    label: 'm³',
    names: [
      'm³',
      'm3',
      'm^3',
      'cu m',
      'cubic meter',
      'cubic meters',
      'cubic metre',
      'cubic metres',
    ],
  },
  {
    unit: 'ft^3',
    label: 'ft³',
    names: ['ft³', 'ft3', 'ft^3', 'cu ft', 'cubic foot', 'cubic feet'],
  },
  {
    unit: 'cm^3',
    label: 'cm³',
    names: [
      'cm³',
      'cm3',
      'cm^3',
      'cc',
      'cubic centimeter',
      'cubic centimeters',
      'cubic centimetre',
      'cubic centimetres',
    ],
  },
  // Data: decimal (SI) and binary (IEC) prefixes; bits and bytes
  { unit: 'b', label: 'bits', exact: ['b'], names: ['bit', 'bits'] },
  { unit: 'B', label: 'bytes', exact: ['B'], names: ['byte', 'bytes'] },
  {
    unit: 'kb',
    label: 'kilobits',
    exact: ['kbit', 'Kb'],
    names: ['kilobit', 'kilobits', 'kbit', 'kbits'],
  },
  {
    unit: 'Mb',
    label: 'megabits',
    exact: ['Mb', 'Mbit'],
    names: ['megabit', 'megabits', 'mbit', 'mbits'],
  },
  {
    unit: 'Gb',
    label: 'gigabits',
    exact: ['Gb', 'Gbit'],
    names: ['gigabit', 'gigabits', 'gbit', 'gbits'],
  },
  { unit: 'Tb', label: 'terabits', exact: ['Tb', 'Tbit'], names: ['terabit', 'terabits', 'tbit'] },
  { unit: 'kB', label: 'kB', names: ['kb', 'kilobyte', 'kilobytes', 'kbyte', 'kbytes'] },
  {
    unit: 'MB',
    label: 'MB',
    names: ['mb', 'megabyte', 'megabytes', 'mbyte', 'mbytes', 'meg', 'megs'],
  },
  { unit: 'GB', label: 'GB', names: ['gb', 'gigabyte', 'gigabytes', 'gbyte', 'gig', 'gigs'] },
  { unit: 'TB', label: 'TB', names: ['tb', 'terabyte', 'terabytes', 'tbyte'] },
  { unit: 'PB', label: 'PB', names: ['pb', 'petabyte', 'petabytes'] },
  { unit: 'KiB', label: 'KiB', names: ['kib', 'kibibyte', 'kibibytes'] },
  { unit: 'MiB', label: 'MiB', names: ['mib', 'mebibyte', 'mebibytes'] },
  { unit: 'GiB', label: 'GiB', names: ['gib', 'gibibyte', 'gibibytes'] },
  { unit: 'TiB', label: 'TiB', names: ['tib', 'tebibyte', 'tebibytes'] },
  { unit: 'kb/s', label: 'kbps', names: ['kbps', 'kbit/s', 'kb/s (bits)', 'kilobits per second'] },
  { unit: 'Mb/s', label: 'Mbps', names: ['mbps', 'mbit/s', 'megabits per second'] },
  { unit: 'Gb/s', label: 'Gbps', names: ['gbps', 'gbit/s', 'gigabits per second'] },
  { unit: 'MB/s', label: 'MB/s', exact: ['MBps', 'MB/s'], names: ['mb/s', 'megabytes per second'] },
  { unit: 'GB/s', label: 'GB/s', exact: ['GBps', 'GB/s'], names: ['gb/s', 'gigabytes per second'] },
  // Durations
  { unit: 'ms', label: 'ms', names: ['ms', 'msec', 'millisecond', 'milliseconds'] },
  { unit: 's', label: 's', names: ['s', 'sec', 'secs', 'second', 'seconds'] },
  { unit: 'min', label: 'min', names: ['min', 'mins', 'minute', 'minutes'] },
  { unit: 'h', label: 'h', names: ['h', 'hr', 'hrs', 'hour', 'hours'] },
  { unit: 'day', label: 'days', names: ['d', 'day', 'days'] },
  { unit: 'week', label: 'weeks', names: ['wk', 'wks', 'week', 'weeks'] },
  {
    unit: 'calmonth',
    label: 'months',
    names: ['month', 'months', 'mo', 'mos'],
    note: 'a month as a twelfth of a 365-day year',
  },
  {
    unit: 'calyear',
    label: 'years',
    names: ['yr', 'yrs', 'year', 'years'],
    note: 'a year of 365 days',
  },
  // Energy, power, pressure
  { unit: 'J', label: 'J', exact: ['J'], names: ['joule', 'joules'] },
  { unit: 'kJ', label: 'kJ', names: ['kj', 'kilojoule', 'kilojoules'] },
  { unit: 'calorie', label: 'cal', names: ['cal', 'calorie', 'calories'] },
  { unit: 'kcal', label: 'kcal', names: ['kcal', 'kilocalorie', 'kilocalories', 'kcals'] },
  {
    unit: 'kWh',
    label: 'kWh',
    names: ['kwh', 'kilowatt hour', 'kilowatt hours', 'kilowatt-hour', 'kilowatt-hours'],
  },
  { unit: 'W', label: 'W', exact: ['W'], names: ['watt', 'watts'] },
  { unit: 'kW', label: 'kW', names: ['kw', 'kilowatt', 'kilowatts'] },
  { unit: 'hp', label: 'hp', names: ['hp', 'horsepower'] },
  { unit: 'psi', label: 'psi', names: ['psi'] },
  { unit: 'bar', label: 'bar', names: ['bar', 'bars'] },
  { unit: 'atm', label: 'atm', names: ['atm', 'atmosphere', 'atmospheres'] },
  { unit: 'Pa', label: 'Pa', names: ['pa', 'pascal', 'pascals'] },
  { unit: 'kPa', label: 'kPa', names: ['kpa', 'kilopascal', 'kilopascals'] },
];
