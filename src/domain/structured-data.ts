import type { AgendaEvent, EventPlace } from './agenda';
import { dayFromParts, TIME_ZONE, zurichInstant, zurichOffsetAt, zurichWallTime } from './calendar-days';
import { PERSON, type Contact } from './contact';
import type { NewsItem } from './news';
import { exceptedOccurrences, monthlyBy, monthWeekOf, ruleWeekdays, weekdayOfDate, type Recurrence, type Weekday } from './recurrence';
import { absoluteLink } from './safe-links';
import { EMBLEM_PATH } from './site-identity';

/**
 * schema.org JSON-LD of the things that have a page (an event, a contact, a news item), for
 * search engines: what Google reads for its Event and Article results, with the fields it
 * requires and most it recommends. Pure: the page renderer puts the objects in
 * `<script type="application/ld+json">`.
 */

/** A JSON-LD value: plain JSON. */
export type JsonLdValue = string | number | boolean | JsonLd | readonly JsonLdValue[];

/** A JSON-LD node. */
export interface JsonLd {
  readonly [key: string]: JsonLdValue;
}

/** The institution that publishes the site, organises its events and writes its news, as its site profile names it in the page's language. */
export interface Institution {
  readonly name: string;
  /** The lines of its postal address, the last with the postcode (`1234 Seeberg`). */
  readonly postalAddress: readonly string[];
}

const CONTEXT = 'https://schema.org';

// Drops what is unknown, so a node never says `"email": null` or `"image": []`.
const node = (fields: Readonly<Record<string, JsonLdValue | null | undefined>>): JsonLd =>
  Object.fromEntries(
    Object.entries(fields).filter(
      (entry): entry is [string, JsonLdValue] =>
        entry[1] !== undefined && entry[1] !== null && entry[1] !== '' && !(Array.isArray(entry[1]) && entry[1].length === 0),
    ),
  );

const text = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
};

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

const decodeEntity = (whole: string, name: string): string => {
  const code = name.startsWith('#x') || name.startsWith('#X') ? parseInt(name.slice(2), 16) : name.startsWith('#') ? parseInt(name.slice(1), 10) : NaN;
  if (Number.isInteger(code)) return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  return ENTITIES[name.toLowerCase()] ?? whole;
};

/** Rich text (the API's sanitized-on-render HTML) as the plain text a `description` holds; any run of white space, no-break spaces included, becomes one space. */
export const plainText = (html: string): string =>
  html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, decodeEntity)
    .replace(/\s+/g, ' ')
    .trim();

const plain = (html: string | null | undefined): string | undefined => (html === null || html === undefined ? undefined : text(plainText(html)));

// Only http(s) addresses are worth giving a search engine; anything else is left out.
const absoluteUrl = (value: string | null | undefined, base: string): string | undefined => {
  const raw = text(value);
  if (raw === undefined) return undefined;
  try {
    const resolved = new URL(raw, base);
    return resolved.protocol === 'http:' || resolved.protocol === 'https:' ? resolved.href : undefined;
  } catch {
    return undefined;
  }
};

const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
};

// ——— Europe/Zurich time ———

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?(?:\.\d+)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const WALL_TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

// An instant written as Zurich's wall time with its offset.
const instantInZurich = (instant: number): string => `${zurichWallTime(instant)}${zurichOffsetAt(instant)}`;

/**
 * An ISO date-time with the offset Zurich has then. `value` is a date (`2026-12-01`) or a
 * date-time; `time` (`18:30`), when given, is the wall-clock time of that date. A date-time
 * with an offset is an instant and is written in Zurich time; one without is Zurich's wall time.
 * Returns the plain date when there is no time at all and `allDay` is set, else midnight.
 */
export const zurichDateTime = (value: string, time?: string | null, allDay = false): string | undefined => {
  const match = DATE_TIME.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const wall = time === null || time === undefined ? null : WALL_TIME.exec(time);
  // A wall-clock time of Zurich: in the autumn's repeated hour the earlier (summer) one, a time of the spring's missing hour one hour on.
  const wallDateTime = (hour: number, minute: number, second: number): string =>
    instantInZurich(zurichInstant(dayFromParts(year, month, day), hour, minute, second));
  if (wall) return wallDateTime(Number(wall[1]), Number(wall[2]), Number(wall[3] ?? 0));
  if (match[4] === undefined) return allDay ? `${match[1]}-${match[2]}-${match[3]}` : wallDateTime(0, 0, 0);
  const [hour, minute, second] = [Number(match[4]), Number(match[5]), Number(match[6] ?? 0)];
  if (match[7] === undefined) return wallDateTime(hour, minute, second);
  const instant = Date.parse(
    `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${pad(second)}${match[7] === 'Z' ? 'Z' : match[7].replace(/^([+-]\d{2})(\d{2})$/, '$1:$2')}`,
  );
  return Number.isNaN(instant) ? undefined : instantInZurich(instant);
};

// ——— The institution ———

const institution = (origin: string, { name, postalAddress: lines }: Institution): JsonLd =>
  node({ '@type': 'GovernmentOrganization', name, url: origin === '' ? undefined : `${origin}/`, address: postalAddress(lines.join('\n')) });

const publisher = (origin: string, by: Institution, logo: string | undefined): JsonLd =>
  node({ ...institution(origin, by), logo: logo === undefined ? undefined : node({ '@type': 'ImageObject', url: logo }) });

// ——— Places and addresses ———

const POSTAL_LINE = /^(\d{4})\s+(.+)$/;
const POST_BOX = /^(?:case postale|cp)\s*(.*)$/i;

/** A multi-line Swiss address (`Rue du Château 12\n1950 Sion`) as a PostalAddress, or as text when it has no postcode line. */
export const postalAddress = (address: string | null | undefined, skipLine?: string): JsonLdValue | undefined => {
  const lines = (address ?? '')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && line !== skipLine);
  if (lines.length === 0) return undefined;
  const postal = POSTAL_LINE.exec(lines[lines.length - 1] ?? '');
  if (!postal) return lines.join(', ');
  const rest = lines.slice(0, -1);
  const box = rest.map((line) => POST_BOX.exec(line)).find((m) => m !== null);
  return node({
    '@type': 'PostalAddress',
    streetAddress: text(rest.filter((line) => !POST_BOX.test(line)).join(', ')),
    postOfficeBoxNumber: text(box?.[1]),
    postalCode: postal[1],
    addressLocality: postal[2],
    addressCountry: 'CH',
  });
};

// `Salle du Grand Conseil, Sion`: the room or building, then the town.
const placeJsonLd = (place: string): JsonLd => {
  const parts = place
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length < 2) return node({ '@type': 'Place', name: place.trim(), address: place.trim() });
  return node({
    '@type': 'Place',
    name: parts.slice(0, -1).join(', '),
    address: node({ '@type': 'PostalAddress', addressLocality: parts[parts.length - 1], addressCountry: 'CH' }),
  });
};

/** An event's place (`lieu`) as a schema.org `Place`: its name, its `PostalAddress` in Switzerland and its `GeoCoordinates`. */
export const eventPlaceJsonLd = (lieu: EventPlace): JsonLd =>
  node({
    '@type': 'Place',
    name: text(lieu.name),
    address: node({
      '@type': 'PostalAddress',
      streetAddress: text(lieu.street_address),
      postalCode: text(lieu.postcode),
      addressLocality: text(lieu.locality),
      addressCountry: 'CH',
    }),
    geo:
      typeof lieu.latitude === 'number' && typeof lieu.longitude === 'number' && Number.isFinite(lieu.latitude) && Number.isFinite(lieu.longitude)
        ? // JSON has no -0: written as 0, so the JSON-LD reads back as it was built.
          node({ '@type': 'GeoCoordinates', latitude: lieu.latitude + 0, longitude: lieu.longitude + 0 })
        : undefined,
  });

// ——— Repeating events ———

const DAY_NAMES: Readonly<Record<Weekday, string>> = {
  MO: 'Monday',
  TU: 'Tuesday',
  WE: 'Wednesday',
  TH: 'Thursday',
  FR: 'Friday',
  SA: 'Saturday',
  SU: 'Sunday',
};

const dayOfWeek = (day: Weekday): string => `${CONTEXT}/${DAY_NAMES[day]}`;

// One value alone, several as a list: what schema.org examples and Google's readers expect.
const oneOrMany = (values: readonly string[]): JsonLdValue | undefined => (values.length === 0 ? undefined : values.length === 1 ? values[0] : values);

const wallTime = (time: string | null | undefined): string | undefined => {
  const match = time ? WALL_TIME.exec(time) : null;
  return match ? `${match[1]}:${match[2]}:${match[3] ?? '00'}` : undefined;
};

const FREQUENCY_UNITS: Readonly<Record<Recurrence['frequency'], string>> = { daily: 'D', weekly: 'W', monthly: 'M' };

/**
 * The schema.org `Schedule` of a repeating event: its ISO 8601 `repeatFrequency` (`P2W`), its days
 * (`byDay` as schema.org `DayOfWeek`, `byMonthDay`, or `byMonthWeek` with `byDay`; the last weekday
 * of a month in iCalendar's `-1FR`, which `byDay` also takes), its bounds, the exception dates that
 * are occurrences, its wall-clock times and the zone they are read in.
 */
export const eventScheduleJsonLd = (event: AgendaEvent, rule: Recurrence): JsonLd => {
  const start = event.bel_date.slice(0, 10);
  const monthly = rule.frequency === 'monthly';
  const byWeekday = monthly && monthlyBy(rule) === 'weekday';
  const week = monthWeekOf(start);
  const weekday = weekdayOfDate(start);
  const startTime = wallTime(event.start_time);
  return node({
    '@type': 'Schedule',
    repeatFrequency: `P${rule.interval ?? 1}${FREQUENCY_UNITS[rule.frequency]}`,
    byDay:
      rule.frequency === 'weekly'
        ? oneOrMany(ruleWeekdays(rule, start).map(dayOfWeek))
        : byWeekday
          ? week === -1
            ? `-1${weekday}`
            : dayOfWeek(weekday)
          : undefined,
    byMonthWeek: byWeekday && week !== -1 ? week : undefined,
    byMonthDay: monthly && !byWeekday ? Number(start.slice(8, 10)) : undefined,
    startDate: start,
    endDate: rule.count ? undefined : rule.until?.slice(0, 10),
    repeatCount: rule.count ?? undefined,
    exceptDate: oneOrMany(exceptedOccurrences(rule, start)),
    startTime,
    endTime: startTime === undefined ? undefined : wallTime(event.end_time),
    scheduleTimezone: TIME_ZONE,
  });
};

// ——— The three kinds of page ———

/**
 * The schema.org `Event` of an agenda event whose page is `url`: timed events carry date-times
 * with Zurich's offset, all-day events plain dates. An event without a place has no `location`;
 * a repeating one has its `eventSchedule`, its start and end being those of its first occurrence.
 */
export const eventJsonLd = (event: AgendaEvent, url: string, by: Institution): JsonLd => {
  const origin = originOf(url);
  const timed = text(event.start_time) !== undefined;
  const startDate = zurichDateTime(event.bel_date, event.start_time, true) ?? event.bel_date.slice(0, 10);
  const lastDay = event.end_date ?? event.bel_date;
  const endDate = timed
    ? event.end_time
      ? zurichDateTime(lastDay, event.end_time)
      : event.end_date
        ? zurichDateTime(event.end_date, null, true)
        : undefined
    : zurichDateTime(lastDay, null, true);
  const place = text(event.place);
  return node({
    '@context': CONTEXT,
    '@type': 'Event',
    name: text(event.title),
    startDate,
    endDate,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: event.lieu ? eventPlaceJsonLd(event.lieu) : place === undefined ? undefined : placeJsonLd(place),
    organizer: institution(origin, by),
    description: plain(event.description),
    url,
    sameAs: absoluteLink(event.link, url),
    keywords: (event.categories ?? []).map((category) => category.title).join(', '),
    eventSchedule: event.recurrence ? eventScheduleJsonLd(event, event.recurrence) : undefined,
  });
};

/**
 * The schema.org node of a contact whose page is `url`: a `Person` (with role, party as
 * `affiliation` and commissions as `memberOf`) when `type_contact` is 'Personne', else a
 * `GovernmentOrganization`. Relative image addresses are resolved against `url`.
 */
export const contactJsonLd = (contact: Contact, url: string, by: Institution): JsonLd => {
  const origin = originOf(url);
  const image = absoluteUrl(contact.img_2x ?? contact.image ?? contact.img, url);
  const shared = {
    '@context': CONTEXT,
    name: text(contact.title),
    url,
    email: text(contact.email),
    telephone: text(contact.phone),
    faxNumber: text(contact.fax),
    description: plain(contact.description),
    sameAs: absoluteLink(contact.website, url),
  };
  if (contact.type_contact === PERSON) {
    const party = text(contact.parti);
    return node({
      ...shared,
      '@type': 'Person',
      jobTitle: text(contact.fonction),
      address: postalAddress(contact.address),
      image,
      affiliation: party === undefined ? undefined : node({ '@type': 'Organization', name: party }),
      memberOf: (contact.commissions ?? [])
        .map((name) => text(name))
        .filter((name): name is string => name !== undefined)
        .map((name) => node({ '@type': 'Organization', name, parentOrganization: institution(origin, by) })),
    });
  }
  const person = text(contact.contact_person);
  return node({
    ...shared,
    '@type': 'GovernmentOrganization',
    // An organisation's address often starts with its own name: that line is no street.
    address: postalAddress(contact.address, contact.title.trim()),
    logo: image,
    image,
    contactPoint: person === undefined ? undefined : node({ '@type': 'ContactPoint', name: person, telephone: text(contact.phone), email: text(contact.email) }),
  });
};

/**
 * The schema.org `NewsArticle` of a news item whose page is `url`. `imageBase` is where the
 * item's relative image addresses live (the API's origin); `logo`, the publisher's logo,
 * defaults to the site's emblem (`EMBLEM_PATH`).
 */
export const newsArticleJsonLd = (item: NewsItem, url: string, imageBase: string, by: Institution, logo?: string): JsonLd => {
  const origin = originOf(url);
  const published = item.date === null || item.date === undefined ? undefined : zurichDateTime(item.date);
  const image = absoluteUrl(item.image, imageBase);
  return node({
    '@context': CONTEXT,
    '@type': 'NewsArticle',
    headline: text(item.title),
    description: plain(item.lead),
    datePublished: published,
    // The API knows no later change than the publication.
    dateModified: published,
    image: image === undefined ? undefined : [image],
    author: institution(origin, by),
    publisher: publisher(origin, by, logo ?? absoluteUrl(EMBLEM_PATH, url)),
    mainEntityOfPage: node({ '@type': 'WebPage', '@id': url }),
    url,
    articleSection: (item.categories ?? []).map((category) => category.title),
  });
};
