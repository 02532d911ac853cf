import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { AgendaEvent } from './agenda';
import { seriesOf } from './agenda-grouping';
import { addDays, TIME_ZONE } from './calendar-days';
import { recurrenceLines } from './recurrence';
import { dateParts } from './wire';

// RFC 5545 §3.7.3: the product that wrote the file, named by the institution's authority (a domain it holds).
const productId = (authority: string): string => `-//${authority}//Agenda//FR`;

// RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in text values.
const escapeText = (text: string): string => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

// The UTF-8 length of a character, from its code point: no encoder per character.
const utf8Octets = (char: string): number => {
  const code = char.codePointAt(0) ?? 0;
  return code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
};

// RFC 5545 §3.1: lines longer than 75 octets are folded, never inside a UTF-8 character.
const fold = (line: string): string => {
  // Most lines are short ASCII: nothing to fold (a feed writes thousands of them).
  if (line.length <= 75 && /^[\x00-\x7f]*$/.test(line)) return line;
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Octets(char);
    if (octets + size > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
};

const pad = (value: number): string => String(value).padStart(2, '0');

const dateValue = (isoDate: string): string => {
  const { year, month, day } = dateParts(isoDate)!;
  return `${year}${pad(month)}${pad(day)}`;
};

const timeValue = (time: string): string => `${time.slice(0, 2)}${time.slice(3, 5)}${time.length >= 8 ? time.slice(6, 8) : '00'}`;

const nextDay = (isoDate: string): string => dateValue(addDays(isoDate.slice(0, 10), 1));

const utcStamp = (now: Date): string =>
  `${now.getUTCFullYear()}${pad(now.getUTCMonth() + 1)}${pad(now.getUTCDate())}T${pad(now.getUTCHours())}${pad(now.getUTCMinutes())}${pad(now.getUTCSeconds())}Z`;

/** Strips markup from rich text, for the plain-text DESCRIPTION of a calendar entry. */
const plainText = (html: string): string =>
  html
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{2,}/g, '\n')
    .trim();

// When the event takes place: a time in the institution's zone, or whole days.
const whenLines = (event: AgendaEvent): string[] => {
  const endDate = event.end_date ?? event.bel_date;
  if (event.start_time) {
    const lines = [`DTSTART;TZID=${TIME_ZONE}:${dateValue(event.bel_date)}T${timeValue(event.start_time)}`];
    if (event.end_time) lines.push(`DTEND;TZID=${TIME_ZONE}:${dateValue(endDate)}T${timeValue(event.end_time)}`);
    return lines;
  }
  // A day-long event: DTEND is the day after the last one (RFC 5545 §3.6.1).
  return [`DTSTART;VALUE=DATE:${dateValue(event.bel_date)}`, `DTEND;VALUE=DATE:${nextDay(endDate)}`];
};

// A repeating event is one VEVENT whose RRULE (and RDATE, EXDATE) calendars expand, not one entry an occurrence.
const repeatLines = (event: AgendaEvent): string[] => (event.recurrence ? recurrenceLines(event.recurrence, event.bel_date, event.start_time || null) : []);

const categoryLines = (event: AgendaEvent): string[] =>
  event.categories && event.categories.length > 0 ? [`CATEGORIES:${event.categories.map((category) => escapeText(category.title)).join(',')}`] : [];

/** An event's place as one line of text: its name, street and `postcode locality` (`Aula du Gymnase, Rue de la Gare 2, 1950 Sion`), or its `place` text without one. */
export const placeText = (event: AgendaEvent): string | null => {
  const lieu = event.lieu;
  if (!lieu) return event.place ? event.place : null;
  const town = [lieu.postcode, lieu.locality].filter((part) => part).join(' ');
  return [lieu.name, lieu.street_address, town].filter((part) => part).join(', ');
};

// Six decimals: a tenth of a metre, more than a building needs; no exponent, whatever the number.
const degrees = (value: number): string => String(Number(value.toFixed(6)));

// RFC 5545 §3.8.1.6: GEO is latitude;longitude in decimal degrees, the semicolon a separator (not escaped).
const locationLines = (event: AgendaEvent): string[] => {
  const location = placeText(event);
  const lieu = event.lieu;
  // Another backend's answer may hold any number: GEO only for a point on the globe.
  const geo =
    lieu && typeof lieu.latitude === 'number' && typeof lieu.longitude === 'number' && Math.abs(lieu.latitude) <= 90 && Math.abs(lieu.longitude) <= 180
      ? [`GEO:${degrees(lieu.latitude)};${degrees(lieu.longitude)}`]
      : [];
  return [...(location ? [`LOCATION:${escapeText(location)}`] : []), ...geo];
};

const isWebAddress = (link: string | null | undefined): link is string => typeof link === 'string' && /^https?:\/\/\S+$/i.test(link);

const eventLines = (event: AgendaEvent, host: string, stamp: string): string[] => {
  const lines = ['BEGIN:VEVENT', `UID:${event.id}@${host}`, `DTSTAMP:${stamp}`, ...whenLines(event), ...repeatLines(event)];
  lines.push(`SUMMARY:${escapeText(event.title)}`);
  lines.push(...locationLines(event));
  if (event.description) lines.push(`DESCRIPTION:${escapeText(plainText(event.description))}`);
  lines.push(...categoryLines(event));
  if (event.link && /^https?:\/\//i.test(event.link)) lines.push(`URL:${event.link}`);
  lines.push('END:VEVENT');
  return lines;
};

let vtimezone: readonly string[] | null = null;

// The zone's definition, read once from the table: it is the same in every file.
const vtimezoneLines = (): readonly string[] => {
  if (vtimezone === null) {
    const timeZone = tzlib_get_ical_block(TIME_ZONE);
    vtimezone = ((Array.isArray(timeZone) ? timeZone[0] : timeZone) ?? '').split(/\r?\n/).filter((line) => line !== '');
  }
  return vtimezone;
};

const calendarText = (authority: string, header: readonly string[], events: readonly string[]): string => {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId(authority)}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...header,
    ...vtimezoneLines(),
    ...events,
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
};

/**
 * An iCalendar file (RFC 5545) of agenda events, with the VTIMEZONE of the institution's
 * zone so that calendars place timed events at the right instant. `authority` (the profile's
 * `identifiers.authority` on the server, the page's host in the browser) makes the UIDs unique to
 * the site and names the PRODID; `now` is the DTSTAMP.
 */
export const toIcs = (events: readonly AgendaEvent[], authority: string, now: Date = new Date()): string => {
  const stamp = utcStamp(now);
  return calendarText(
    authority,
    [],
    wholeSeries(events).flatMap((event) => eventLines(event, authority, stamp)),
  );
};

/** The events as a calendar holds them: a recurring event's occurrences become its one series (its RRULE says the days), where the first of them stood. */
export const wholeSeries = (events: readonly AgendaEvent[]): AgendaEvent[] => {
  const seen = new Set<string>();
  return events.flatMap((event) => {
    if (event.recurrence === null || event.recurrence === undefined) return [event];
    if (seen.has(event.id)) return [];
    seen.add(event.id);
    return [seriesOf(event)];
  });
};

/** One event of a calendar feed, with what calendars need to follow it from one poll to the next. */
export interface FeedEvent {
  readonly event: AgendaEvent;
  /** Stable across polls and feeds: a calendar recognises the event by it. */
  readonly uid: string;
  /** Grows each time the event changes (RFC 5545 §3.8.7.4), so a calendar takes the new version. */
  readonly sequence: number;
  /** When the event last changed: its DTSTAMP and LAST-MODIFIED. */
  readonly modified: Date;
  /** An event taken off the agenda, kept a while so calendars remove it rather than keep a stale copy. */
  readonly cancelled: boolean;
  /** The event's page, absolute. */
  readonly url: string;
}

/** A calendar feed: its name, its PRODID's authority, how often calendars should poll it (an ISO 8601 duration) and its events. */
export interface CalendarFeed {
  readonly name: string;
  /** The profile's `identifiers.authority`, which names the PRODID. */
  readonly authority: string;
  readonly refresh: string;
  readonly events: readonly FeedEvent[];
}

const feedEventLines = ({ event, uid, sequence, modified, cancelled, url }: FeedEvent): string[] => {
  const stamp = utcStamp(modified);
  const description = [event.description ? plainText(event.description) : '', isWebAddress(event.link) ? event.link : '', url]
    .filter((part) => part !== '')
    .join('\n\n');
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${stamp}`,
    `LAST-MODIFIED:${stamp}`,
    `SEQUENCE:${sequence}`,
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    ...whenLines(event),
    ...repeatLines(event),
    `SUMMARY:${escapeText(event.title)}`,
    ...locationLines(event),
    `DESCRIPTION:${escapeText(description)}`,
    ...categoryLines(event),
    `URL:${url}`,
    'END:VEVENT',
  ];
};

/**
 * A calendar feed (RFC 5545) that calendar applications subscribe to: named (X-WR-CALNAME and
 * RFC 7986 NAME), with its polling interval (RFC 7986 REFRESH-INTERVAL and X-PUBLISHED-TTL, which
 * Outlook and Apple read), the VTIMEZONE of the institution's zone, and each event with its UID,
 * SEQUENCE, LAST-MODIFIED, STATUS and page. Nothing in it depends on the time it is written:
 * the same events give the same bytes, so an unchanged feed keeps its ETag.
 */
export const toIcsFeed = (feed: CalendarFeed): string =>
  calendarText(
    feed.authority,
    [
      `NAME:${escapeText(feed.name)}`,
      `X-WR-CALNAME:${escapeText(feed.name)}`,
      `X-WR-TIMEZONE:${TIME_ZONE}`,
      `REFRESH-INTERVAL;VALUE=DURATION:${feed.refresh}`,
      `X-PUBLISHED-TTL:${feed.refresh}`,
    ],
    feed.events.flatMap(feedEventLines),
  );
