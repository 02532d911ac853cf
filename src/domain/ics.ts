import { tzlib_get_ical_block } from 'timezones-ical-library';
import type { AgendaEvent } from './agenda';
import { dateParts } from './wire';

/** The institution's time zone: the wall-clock times of the agenda are read in it. */
export const AGENDA_TIME_ZONE = 'Europe/Zurich';

const PRODUCT_ID = '-//Canton de Valmont//Agenda//FR';

// RFC 5545 §3.3.11: backslash, semicolon, comma and line breaks are escaped in text values.
const escapeText = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

// RFC 5545 §3.1: lines longer than 75 octets are folded, never inside a UTF-8 character.
const fold = (line: string): string => {
  const encoder = new TextEncoder();
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
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

const nextDay = (isoDate: string): string => {
  const { year, month, day } = dateParts(isoDate)!;
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return `${next.getUTCFullYear()}${pad(next.getUTCMonth() + 1)}${pad(next.getUTCDate())}`;
};

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

const eventLines = (event: AgendaEvent, host: string, stamp: string): string[] => {
  const lines = ['BEGIN:VEVENT', `UID:${event.id}@${host}`, `DTSTAMP:${stamp}`];
  const endDate = event.end_date ?? event.bel_date;
  if (event.start_time) {
    lines.push(`DTSTART;TZID=${AGENDA_TIME_ZONE}:${dateValue(event.bel_date)}T${timeValue(event.start_time)}`);
    if (event.end_time) lines.push(`DTEND;TZID=${AGENDA_TIME_ZONE}:${dateValue(endDate)}T${timeValue(event.end_time)}`);
  } else {
    // A day-long event: DTEND is the day after the last one (RFC 5545 §3.6.1).
    lines.push(`DTSTART;VALUE=DATE:${dateValue(event.bel_date)}`, `DTEND;VALUE=DATE:${nextDay(endDate)}`);
  }
  lines.push(`SUMMARY:${escapeText(event.title)}`);
  if (event.place) lines.push(`LOCATION:${escapeText(event.place)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(plainText(event.description))}`);
  if (event.categories && event.categories.length > 0) {
    lines.push(`CATEGORIES:${event.categories.map((category) => escapeText(category.title)).join(',')}`);
  }
  if (event.link && /^https?:\/\//i.test(event.link)) lines.push(`URL:${event.link}`);
  lines.push('END:VEVENT');
  return lines;
};

/**
 * An iCalendar file (RFC 5545) of agenda events, with the VTIMEZONE of the institution's
 * zone so that calendars place timed events at the right instant. `host` makes the UIDs
 * unique to the site; `now` is the DTSTAMP.
 */
export const toIcs = (events: readonly AgendaEvent[], host: string, now: Date = new Date()): string => {
  const stamp = utcStamp(now);
  const timeZone = tzlib_get_ical_block(AGENDA_TIME_ZONE);
  const vtimezone = (Array.isArray(timeZone) ? timeZone[0] : timeZone) ?? '';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${PRODUCT_ID}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...vtimezone.split(/\r?\n/).filter((line) => line !== ''),
    ...events.flatMap((event) => eventLines(event, host, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(fold).join('\r\n')}\r\n`;
};
