import type { Question } from '../questions';
import { num, date, at } from './expect';

/** Dates and time zones; the clock is Tuesday 24 November 2026, 10:30 UTC. */
export const CALENDAR: Question[] = [
  // Dates (the clock: Tuesday 24 November 2026)
  { category: 'dates', q: 'What date is 90 days from today?', expect: date('2027-02-22') },
  {
    category: 'dates',
    q: 'what was the date 313 days before 2026-10-01',
    expect: date('2025-11-22'),
  },
  { category: 'dates', q: '45 days before March 3, 2027?', expect: date('2027-01-17') },
  {
    category: 'dates',
    q: "What's the date 100 days after 15 January 2026?",
    expect: date('2026-04-25'),
  },
  { category: 'dates', q: 'add 6 weeks to 2026-12-01', expect: date('2027-01-12') },
  { category: 'dates', q: '3 months after 31 January 2027', expect: date('2027-04-30') },
  { category: 'dates', q: '2 years before 29 Feb 2028', expect: date('2026-02-28') },
  {
    category: 'dates',
    q: 'How many days between 1 March 2026 and 25 December 2026?',
    expect: num(299, /day/i),
  },
  { category: 'dates', q: 'days from Jan 15 to Mar 1 2027', expect: num(45, /day/i) },
  { category: 'dates', q: 'how many weeks until 1 June 2027', expect: num(27, /week/i) },
  { category: 'dates', q: 'What day of the week was July 4, 1976?', expect: { weekday: 'Sunday' } },
  { category: 'dates', q: 'what weekday is 25 December 2026', expect: { weekday: 'Friday' } },
  {
    category: 'dates',
    q: 'Which day of the week will 1 January 2030 be?',
    expect: { weekday: 'Tuesday' },
  },
  { category: 'dates', q: 'What day was 9/11/2001?', expect: { weekday: 'Tuesday' } },
  {
    category: 'dates',
    q: 'how old is someone born on 14 March 1990?',
    expect: num(36, /year/i),
  },
  { category: 'dates', q: 'I was born 1985-12-01, how old am I?', expect: num(40, /year/i) },
  { category: 'dates', q: 'age of a person born May 5, 2000', expect: num(26, /year/i) },
  {
    category: 'dates',
    q: 'How many working days are there from Monday 2 November to Friday 13 November 2026, inclusive?',
    expect: num(10, /day/i),
  },
  {
    category: 'dates',
    q: "what's the date 10 business days after 2026-12-18",
    expect: date('2027-01-01'),
  },
  { category: 'dates', q: 'How long until Christmas?', expect: num(31, /day/i) },
  { category: 'dates', q: "how many days until new year's day", expect: num(38, /day/i) },
  {
    category: 'dates',
    q: 'what date is next Friday?',
    expect: { oneOf: [date('2026-11-27'), date('2026-12-04')] },
  },
  { category: 'dates', q: 'two weeks from tomorrow', expect: date('2026-12-09') },
  { category: 'dates', q: 'what was the date 30 days ago', expect: date('2026-10-25') },
  { category: 'dates', q: "What's 18 months from today?", expect: date('2028-05-24') },
  { category: 'dates', q: 'days between 2024-02-01 and 2024-03-01', expect: num(29, /day/i) },
  {
    category: 'dates',
    q: 'How many days old is someone born on 2000-01-01?',
    expect: num(9824, /day/i),
  },
  {
    category: 'dates',
    q: 'how many weeks between 5 Jan 2026 and 30 Mar 2026',
    expect: num(12, /week/i),
  },
  {
    category: 'dates',
    q: 'What day of the week is it 100 days from now?',
    expect: { weekday: 'Thursday' },
  },
  { category: 'dates', q: "In 3 weeks, what's the date?", expect: date('2026-12-15') },
  {
    category: 'dates',
    q: 'deadline is 21 business days from today, what date is that?',
    expect: date('2026-12-23'),
  },
  {
    category: 'dates',
    q: "What's the date 6 months before 31 August 2026?",
    expect: date('2026-02-28'),
  },
  {
    category: 'dates',
    q: 'what date is 1000 days after my birthday, 12 June 1995',
    expect: date('1998-03-08'),
  },

  // Time zones (24 November 2026: Europe and North America on winter time, Sydney on summer time)
  {
    category: 'time zones',
    q: "What time is it in Tokyo when it's 3pm in London?",
    expect: at('00:00', '2026-11-25'),
  },
  { category: 'time zones', q: '3pm London time in New York', expect: at('10:00') },
  {
    category: 'time zones',
    q: 'If it’s 9am in San Francisco, what time is it in Berlin?',
    expect: at('18:00'),
  },
  {
    category: 'time zones',
    q: "What time in Sydney when it's 5pm in New York?",
    expect: at('09:00', '2026-11-25'),
  },
  { category: 'time zones', q: '9:30am EST to CET', expect: at('15:30') },
  { category: 'time zones', q: 'convert 14:00 IST to PST', expect: at('00:30') },
  {
    category: 'time zones',
    q: 'what time is it in Tokyo when it is 3pm in London on July 4, 2026',
    expect: at('23:00'),
  },
  {
    category: 'time zones',
    q: 'meeting at 10am PT on March 15 2027, what time is that in Berlin?',
    expect: at('18:00'),
  },
  {
    category: 'time zones',
    q: "When it's noon in Chicago, what time is it in Mumbai?",
    expect: at('23:30'),
  },
  { category: 'time zones', q: '6pm Paris time in Singapore', expect: at('01:00', '2026-11-25') },
  {
    category: 'time zones',
    q: "What's the time in Dubai when it's 8:00 in Toronto?",
    expect: at('17:00'),
  },
  {
    category: 'time zones',
    q: '11pm in Los Angeles is what time in London?',
    expect: at('07:00', '2026-11-25'),
  },
  { category: 'time zones', q: 'What time is it in Tokyo right now?', expect: at('19:30') },
  { category: 'time zones', q: 'current time in New York', expect: at('05:30') },
  { category: 'time zones', q: 'what time is it in Kathmandu', expect: at('16:15') },
  { category: 'time zones', q: 'time in São Paulo now', expect: at('07:30') },
  {
    category: 'time zones',
    q: "what's the time difference between London and Tokyo?",
    expect: num(9, /hour/i),
  },
  {
    category: 'time zones',
    q: 'If I call from Madrid at 4 pm, what time is it for my colleague in Mexico City?',
    expect: at('09:00'),
  },
  {
    category: 'time zones',
    q: 'Auckland 9am is what time in Los Angeles',
    expect: at('12:00', '2026-11-23'),
  },
  {
    category: 'time zones',
    q: "What time will it be in Seoul when it's 7:45 pm in Berlin?",
    expect: at('03:45', '2026-11-25'),
  },
  {
    category: 'time zones',
    q: '2:30 PM in Hong Kong → what time in Johannesburg?',
    expect: at('08:30'),
  },
  {
    category: 'time zones',
    q: 'on 1 August 2026 at 9am New York time, what time is it in Sydney?',
    expect: at('23:00'),
  },
  { category: 'time zones', q: 'Convert 17:00 UTC to Indian time', expect: at('22:30') },
  { category: 'time zones', q: 'what time is 8am Pacific in Eastern', expect: at('11:00') },
  {
    category: 'time zones',
    q: "When it's midnight in Berlin, what time is it in Reykjavik?",
    expect: at('23:00'),
  },
];
