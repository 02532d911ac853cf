import type { AgendaEvent } from '../../src/domain/agenda';
import { toIcs, toIcsFeed, type FeedEvent } from '../../src/domain/ics';

const NOW = new Date(Date.UTC(2026, 10, 23, 8, 5, 9));
// The authority of the UIDs and the PRODID (a profile's `identifiers.authority`).
const HOST = 'valmont.example';

// The lines of a calendar once unfolded (RFC 5545 §3.1: a line break then one space continues a line).
const unfolded = (text: string): string[] => text.replace(/\r\n /g, '').split('\r\n');
// The lines of a property outside the zone's definition (which has DTSTART lines of its own).
const linesOf = (text: string, name: string): string[] => {
  const lines = unfolded(text);
  return lines.slice(lines.indexOf('END:VTIMEZONE') + 1).filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
};
const lineOf = (text: string, name: string): string | undefined => linesOf(text, name)[0];

const event = (fields: Partial<AgendaEvent> = {}): AgendaEvent => ({ id: '12', bel_date: '2026-12-31', title: 'Séance', ...fields });

describe('an iCalendar file of agenda events', () => {
  it('starts with its version, product, scale and method, holds the zone of Zurich, and ends every line with CRLF', () => {
    const text = toIcs([], HOST, NOW);
    expect(unfolded(text).slice(0, 6)).toStrictEqual([
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      `PRODID:-//${HOST}//Agenda//FR`,
      'CALSCALE:GREGORIAN',
      'METHOD:PUBLISH',
      'BEGIN:VTIMEZONE',
    ]);
    expect(unfolded(text)).toContain('TZID:Europe/Zurich');
    expect(unfolded(text).filter((line) => line.startsWith('BEGIN:') || line.startsWith('END:'))).toContain('END:VTIMEZONE');
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(
      text
        .split('\r\n')
        .slice(0, -1)
        .every((line) => line !== '' && !line.includes('\n')),
    ).toBe(true);
  });

  it('gives each event its UID on the host, its stamp, its title and its zone times to the second', () => {
    const text = toIcs([event({ start_time: '18:30:15', end_time: '20:00', end_date: '2027-01-01' })], HOST, NOW);
    expect(unfolded(text).slice(unfolded(text).indexOf('BEGIN:VEVENT'), unfolded(text).indexOf('BEGIN:VEVENT') + 6)).toStrictEqual([
      'BEGIN:VEVENT',
      'UID:12@valmont.example',
      'DTSTAMP:20261123T080509Z',
      'DTSTART;TZID=Europe/Zurich:20261231T183015',
      'DTEND;TZID=Europe/Zurich:20270101T200000',
      'SUMMARY:Séance',
    ]);
  });

  it('gives a day-long event whole days, the end the day after its last', () => {
    const text = toIcs([event({ end_date: '2027-01-02' }), event({ id: '13', bel_date: '2028-02-28' })], HOST, NOW);
    expect(linesOf(text, 'DTSTART')).toStrictEqual(['DTSTART;VALUE=DATE:20261231', 'DTSTART;VALUE=DATE:20280228']);
    expect(linesOf(text, 'DTEND')).toStrictEqual(['DTEND;VALUE=DATE:20270103', 'DTEND;VALUE=DATE:20280229']);
  });

  it('gives a timed event without an end time no DTEND', () => {
    expect(linesOf(toIcs([event({ start_time: '09:00' })], HOST, NOW), 'DTEND')).toStrictEqual([]);
  });

  it('escapes backslashes, semicolons, commas and line breaks in text', () => {
    const text = toIcs([event({ title: 'a\\b;c,d\ne\r\nf', place: 'Salle 1; Sion' })], HOST, NOW);
    expect(lineOf(text, 'SUMMARY')).toBe('SUMMARY:a\\\\b\\;c\\,d\\ne\\nf');
    expect(lineOf(text, 'LOCATION')).toBe('LOCATION:Salle 1\\; Sion');
  });

  it('writes the description as plain text: tags out, line breaks for paragraphs, items and headings, entities decoded', () => {
    const description =
      '<h2>Ordre du jour</h2><p>Budget&nbsp;2027 <strong>&amp;</strong> comptes</p><ul><li>&lt;Points&gt;</li><li>&quot;Divers&quot; &#39;x&#39;</li></ul>a<br>b<br />c<br/><br/>d<BR>e<p>';
    expect(lineOf(toIcs([event({ description })], HOST, NOW), 'DESCRIPTION')).toBe(
      'DESCRIPTION:Ordre du jour\\nBudget 2027 & comptes\\n<Points>\\n"Divers" \'x\'\\na\\nb\\nc\\nd\\ne',
    );
  });

  it('lists the categories, escaped, and links the event only to an http(s) address', () => {
    const text = toIcs(
      [
        event({
          categories: [
            { id: '1', title: 'Culture, fêtes' },
            { id: '2', title: 'Séance' },
          ],
          link: 'https://valmont.example/seance',
        }),
        event({ id: '13', link: 'javascript:alert(1)' }),
        event({ id: '14', link: 'see https://valmont.example/' }),
        event({ id: '15', link: 'HTTP://valmont.example/' }),
        event({ id: '16', categories: [] }),
      ],
      HOST,
      NOW,
    );
    expect(linesOf(text, 'CATEGORIES')).toStrictEqual(['CATEGORIES:Culture\\, fêtes,Séance']);
    expect(linesOf(text, 'URL')).toStrictEqual(['URL:https://valmont.example/seance', 'URL:HTTP://valmont.example/']);
    expect(linesOf(text, 'LOCATION')).toStrictEqual([]);
    expect(linesOf(text, 'DESCRIPTION')).toStrictEqual([]);
  });

  it('folds a long line at 75 octets, ASCII or not, and keeps a short one whole', () => {
    const long = 'x'.repeat(200);
    const text = toIcs([event({ title: long }), event({ id: '13', title: 'é'.repeat(70) }), event({ id: '14', title: 'y'.repeat(67) })], HOST, NOW);
    expect(lineOf(text, 'SUMMARY')).toBe(`SUMMARY:${long}`);
    const physical = text.split('\r\n');
    expect(physical).toContain(`SUMMARY:${'y'.repeat(67)}`);
    expect(physical.every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(physical.filter((line) => line.startsWith(' ')).length).toBeGreaterThanOrEqual(3);
  });
});

// The physical lines of an event's SUMMARY: its first line and the continuations after it.
const summaryLines = (title: string): string[] => {
  const physical = toIcs([event({ title })], HOST, NOW).split('\r\n');
  const start = physical.findIndex((line) => line.startsWith('SUMMARY:'));
  const end = physical.findIndex((line, index) => index > start && !line.startsWith(' '));
  return physical.slice(start, end);
};

describe('the folding of a line', () => {
  it('folds just before the character that would pass 75 octets, whatever its size in UTF-8', () => {
    // `SUMMARY:` is 8 octets: 67 more fill the first line; a continuation holds 74 after its space.
    for (const [char, size] of [
      ['\u007f', 1],
      ['\u0080', 2],
      ['\u07ff', 2],
      ['\u0800', 3],
      ['\uffee', 3],
      ['\u{10000}', 4],
    ] as const) {
      const fits = `${'a'.repeat(67 - size)}${char}`;
      expect(summaryLines(fits)).toStrictEqual([`SUMMARY:${fits}`]);
      const over = `${'a'.repeat(68 - size)}${char}`;
      expect(summaryLines(over)).toStrictEqual([`SUMMARY:${'a'.repeat(68 - size)}`, ` ${char}`]);
      const second = `${'b'.repeat(67)}${'a'.repeat(74 - size)}${char}`;
      expect(summaryLines(second)).toStrictEqual([`SUMMARY:${'b'.repeat(67)}`, ` ${'a'.repeat(74 - size)}${char}`]);
      const secondOver = `${'b'.repeat(67)}${'a'.repeat(75 - size)}${char}`;
      expect(summaryLines(secondOver)).toStrictEqual([`SUMMARY:${'b'.repeat(67)}`, ` ${'a'.repeat(75 - size)}`, ` ${char}`]);
    }
  });
});

describe('a calendar feed', () => {
  const feedEvent = (fields: Partial<FeedEvent> = {}, eventFields: Partial<AgendaEvent> = {}): FeedEvent => ({
    event: event(eventFields),
    uid: 'agenda-12@valmont.example',
    sequence: 3,
    modified: NOW,
    cancelled: false,
    url: 'https://valmont.example/agenda/12-seance/',
    ...fields,
  });

  it('names itself, gives its zone and how often to poll it', () => {
    const text = toIcsFeed({ authority: HOST, name: 'Agenda, Valmont', refresh: 'PT1H', events: [] });
    expect(unfolded(text).slice(5, 10)).toStrictEqual([
      'NAME:Agenda\\, Valmont',
      'X-WR-CALNAME:Agenda\\, Valmont',
      'X-WR-TIMEZONE:Europe/Zurich',
      'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
      'X-PUBLISHED-TTL:PT1H',
    ]);
  });

  it('gives each event its UID, its change stamp twice, its sequence, its status and its page', () => {
    const text = toIcsFeed({
      authority: HOST,
      name: 'Agenda',
      refresh: 'PT1H',
      events: [feedEvent(), feedEvent({ cancelled: true, uid: 'agenda-13@valmont.example' })],
    });
    const first = unfolded(text).slice(unfolded(text).indexOf('BEGIN:VEVENT'));
    expect(first.slice(0, 7)).toStrictEqual([
      'BEGIN:VEVENT',
      'UID:agenda-12@valmont.example',
      'DTSTAMP:20261123T080509Z',
      'LAST-MODIFIED:20261123T080509Z',
      'SEQUENCE:3',
      'STATUS:CONFIRMED',
      'DTSTART;VALUE=DATE:20261231',
    ]);
    expect(linesOf(text, 'STATUS')).toStrictEqual(['STATUS:CONFIRMED', 'STATUS:CANCELLED']);
    expect(linesOf(text, 'URL')).toStrictEqual(['URL:https://valmont.example/agenda/12-seance/', 'URL:https://valmont.example/agenda/12-seance/']);
  });

  it('describes an event by its text, its web link and its page, blank lines between, whatever is missing', () => {
    const page = 'https://valmont.example/agenda/12-seance/';
    const descriptions = (link: string | null, description: string | null) =>
      linesOf(toIcsFeed({ authority: HOST, name: 'A', refresh: 'PT1H', events: [feedEvent({}, { link, description })] }), 'DESCRIPTION');
    expect(descriptions('https://valmont.example/x', '<p>Ordre du jour</p>')).toStrictEqual([
      `DESCRIPTION:Ordre du jour\\n\\nhttps://valmont.example/x\\n\\n${page}`,
    ]);
    expect(descriptions(null, null)).toStrictEqual([`DESCRIPTION:${page}`]);
    expect(descriptions('http://valmont.example/x', null)).toStrictEqual([`DESCRIPTION:http://valmont.example/x\\n\\n${page}`]);
    for (const link of ['javascript:alert(1)', 'see https://valmont.example/', 'https://valmont.example/a b', 'https://', 'ftp://valmont.example/']) {
      expect({ link, lines: descriptions(link, 'Texte') }).toStrictEqual({ link, lines: [`DESCRIPTION:Texte\\n\\n${page}`] });
    }
    expect(descriptions('https://ab', null)).toStrictEqual([`DESCRIPTION:https://ab\\n\\n${page}`]);
  });

  it('gives the place of an event as its location', () => {
    expect(linesOf(toIcsFeed({ authority: HOST, name: 'A', refresh: 'PT1H', events: [feedEvent({}, { place: 'Château, Sion' })] }), 'LOCATION')).toStrictEqual([
      'LOCATION:Château\\, Sion',
    ]);
  });
});
