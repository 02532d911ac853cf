import { expect } from '@jest/globals';
import fc from 'fast-check';
import { AgendaEvent } from '../../src/domain/agenda';
import { Contact, PERSON } from '../../src/domain/contact';
import { NewsArticle } from '../../src/domain/news';
import { contactJsonLd, eventJsonLd, newsArticleJsonLd, plainText, zurichDateTime, type JsonLd, type JsonLdValue } from '../../src/domain/structured-data';
import { decodedArbitrary } from '../support/arbitrary-from-codec';
import { runs } from '../support/fuzz-runs';

/** The institution the pages name, as a site profile gives it. */
const BY = { name: 'Commune de Seeberg', postalAddress: ['Dorfplatz 1', '3999 Seeberg'] } as const;

const URL_OF_PAGE = 'https://canton.example/agenda/12-seance/';
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\+0[12]:00)$/;

// The rule, written out independently: summer time from the last Sunday of March, 01:00 UTC,
// to the last Sunday of October, 01:00 UTC.
const lastSundayUtc = (year: number, monthIndex: number): number => {
  let day = 31;
  while (new Date(Date.UTC(year, monthIndex, day)).getUTCMonth() !== monthIndex || new Date(Date.UTC(year, monthIndex, day)).getUTCDay() !== 0) day -= 1;
  return Date.UTC(year, monthIndex, day, 1);
};
const ruleOffset = (instant: number): string => {
  const year = new Date(instant).getUTCFullYear();
  return instant >= lastSundayUtc(year, 2) && instant < lastSundayUtc(year, 9) ? '+02:00' : '+01:00';
};

// And the time-zone database's answer, through Intl.
const zoneName = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', timeZoneName: 'longOffset' });
const intlOffset = (instant: number): string =>
  (zoneName.formatToParts(new Date(instant)).find((part) => part.type === 'timeZoneName')?.value ?? '').replace('GMT', '');

const HOUR = 3_600_000;

const DATE_FIELDS = ['startDate', 'endDate', 'datePublished', 'dateModified'];

const expectGoodDates = (ld: JsonLd): void => {
  for (const field of DATE_FIELDS) {
    const value = ld[field];
    if (value === undefined) continue;
    expect(typeof value).toBe('string');
    const text = value as string;
    if (DATE_ONLY.test(text)) continue;
    const offset = DATE_TIME.exec(text)?.[1];
    expect(offset).toBeDefined();
    const instant = Date.parse(text);
    expect(Number.isNaN(instant)).toBe(false);
    expect(offset).toBe(ruleOffset(instant));
    expect(offset).toBe(intlOffset(instant));
  }
};

// No `null` anywhere: an unknown field is left out, never sent empty.
const hasNoNull = (value: JsonLdValue | null): boolean =>
  value !== null && (typeof value !== 'object' || (Array.isArray(value) ? value : Object.values(value)).every((v: JsonLdValue | null) => hasNoNull(v)));

const roundTrips = (ld: JsonLd): void => {
  expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  expect(hasNoNull(ld)).toBe(true);
  expect(ld['@context']).toBe('https://schema.org');
};

const events = decodedArbitrary(AgendaEvent);
const contacts = decodedArbitrary(Contact);
const articles = decodedArbitrary(NewsArticle);

describe('eventJsonLd', () => {
  it('is an Event that survives JSON, with Zurich offsets that follow the rule', () => {
    fc.assert(
      fc.property(events, (event) => {
        const ld = eventJsonLd(event, URL_OF_PAGE, BY);
        roundTrips(ld);
        expect(ld['@type']).toBe('Event');
        // An empty name is no name: it is left out rather than sent empty.
        expect(ld['name']).toBe(event.title.trim() || undefined);
        expect(ld['url']).toBe(URL_OF_PAGE);
        expect(ld['eventStatus']).toBe('https://schema.org/EventScheduled');
        expect(ld['organizer']).toMatchObject({ '@type': 'GovernmentOrganization', name: BY.name });
        expectGoodDates(ld);
      }),
      { numRuns: runs(500) },
    );
  });

  it('keeps the start date and the wall-clock start time, or a plain date for an all-day event', () => {
    fc.assert(
      fc.property(events, (event) => {
        const start = eventJsonLd(event, URL_OF_PAGE, BY)['startDate'] as string;
        expect(start.slice(0, 10) === event.bel_date.slice(0, 10) || !event.start_time).toBe(true);
        // A time of the spring's missing hour (02:xx on the last Sunday of March) moves one hour on.
        const inGap = event.start_time?.startsWith('02:') === true && start.slice(11, 13) === '03' && start.slice(5, 7) === '03';
        if (event.start_time && !inGap) expect(start.slice(11, 16)).toBe(event.start_time.slice(0, 5));
        else if (DATE_ONLY.test(event.bel_date)) expect(start).toBe(event.bel_date);
      }),
      { numRuns: runs(300) },
    );
  });

  it('gives the place as a Place with a name and an address, and the description as plain text', () => {
    const ld = eventJsonLd(
      {
        id: '7',
        bel_date: '2026-07-14',
        start_time: '18:30',
        end_time: '20:00',
        title: 'Séance',
        place: 'Salle du Grand Conseil, Sion',
        description: '<p>Entrée <strong>libre</strong> &amp; gratuite.</p>',
      },
      URL_OF_PAGE,
      BY,
    );
    expect(ld).toMatchObject({
      startDate: '2026-07-14T18:30:00+02:00',
      endDate: '2026-07-14T20:00:00+02:00',
      location: { '@type': 'Place', name: 'Salle du Grand Conseil', address: { '@type': 'PostalAddress', addressLocality: 'Sion', addressCountry: 'CH' } },
      description: 'Entrée libre & gratuite.',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    });
  });

  it('gives an all-day event of several days plain dates', () => {
    const ld = eventJsonLd({ id: '8', bel_date: '2026-12-30', end_date: '2027-01-02', title: 'Fête', place: 'Château' }, URL_OF_PAGE, BY);
    expect(ld).toMatchObject({ startDate: '2026-12-30', endDate: '2027-01-02', location: { '@type': 'Place', name: 'Château', address: 'Château' } });
  });
});

describe('zurichDateTime', () => {
  it.each([
    ['2026-03-29', '01:59', '2026-03-29T01:59:00+01:00'],
    ['2026-03-29', '03:00', '2026-03-29T03:00:00+02:00'],
    ['2026-03-28', '23:00', '2026-03-28T23:00:00+01:00'],
    ['2026-10-25', '02:30', '2026-10-25T02:30:00+02:00'],
    ['2026-10-25', '03:00', '2026-10-25T03:00:00+01:00'],
    ['2026-10-24', '12:00', '2026-10-24T12:00:00+02:00'],
    ['2026-12-31', '18:30:15', '2026-12-31T18:30:15+01:00'],
    ['2025-03-30', '12:00', '2025-03-30T12:00:00+02:00'],
  ])('writes %s %s as %s', (date, time, expected) => {
    expect(zurichDateTime(date, time)).toBe(expected);
  });

  it('writes an instant of another offset in Zurich time', () => {
    expect(zurichDateTime('2026-07-01T22:30:00Z')).toBe('2026-07-02T00:30:00+02:00');
    expect(zurichDateTime('2026-01-01T08:00:00-05:00')).toBe('2026-01-01T14:00:00+01:00');
  });

  it('writes a date as midnight, or as itself for an all-day event', () => {
    expect(zurichDateTime('2026-06-01')).toBe('2026-06-01T00:00:00+02:00');
    expect(zurichDateTime('2026-06-01', null, true)).toBe('2026-06-01');
  });

  it('writes every wall-clock time as the instant Intl reads, the spring gap moved one hour on', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date(Date.UTC(1999, 0, 1)), max: new Date(Date.UTC(2040, 11, 31)), noInvalidDate: true }), (date) => {
        const wall = date.toISOString().slice(0, 19);
        const written = zurichDateTime(wall.slice(0, 10), wall.slice(11, 19)) ?? '';
        const instant = Date.parse(written);
        expect(written.slice(-6)).toBe(intlOffset(instant));
        expect(written.slice(-6)).toBe(ruleOffset(instant));
        if (written.slice(0, 19) !== wall) {
          // Only a time that does not exist in Zurich: read in winter time, it is already summer.
          expect(Date.parse(`${wall}+01:00`)).toBe(instant);
          expect(written.slice(-6)).toBe('+02:00');
          expect(intlOffset(instant - HOUR)).toBe('+01:00');
        }
        // Written back from the instant, it is the same text.
        expect(zurichDateTime(new Date(instant).toISOString())).toBe(written);
      }),
      { numRuns: runs(1000) },
    );
  });

  it.each([
    ['2020-03-29', '02:00', '2020-03-29T03:00:00+02:00'],
    ['2026-03-29', '02:30', '2026-03-29T03:30:00+02:00'],
  ])('moves %s %s, which Zurich skips, to %s', (date, time, expected) => {
    expect(zurichDateTime(date, time)).toBe(expected);
  });
});

describe('contactJsonLd', () => {
  it('is a Person exactly for a Personne, else a GovernmentOrganization, and survives JSON', () => {
    fc.assert(
      fc.property(contacts, (contact) => {
        const ld = contactJsonLd(contact, 'https://canton.example/annuaire/zoe-rey/', BY);
        roundTrips(ld);
        expect(ld['@type']).toBe(contact.type_contact === PERSON ? 'Person' : 'GovernmentOrganization');
        expect(ld['name']).toBe(contact.title.trim() || undefined);
        if (contact.type_contact === PERSON && contact.parti?.trim()) expect(ld['affiliation']).toEqual({ '@type': 'Organization', name: contact.parti.trim() });
        if (typeof ld['image'] === 'string') expect(ld['image']).toMatch(/^https?:\/\//);
      }),
      { numRuns: runs(500) },
    );
  });

  it('gives a deputy role, party, commissions, address and an absolute image', () => {
    const ld = contactJsonLd(
      {
        title: 'Hélène Zufferey',
        type_contact: 'Personne',
        fonction: 'Députée',
        address: 'Rue du Château 12\n1950 Sion',
        email: 'helene.zufferey@canton.example',
        phone: '+41 27 300 00 00',
        parti: 'PLR',
        commissions: ['Commission des finances', 'Commission de gestion'],
        img_2x: '/media/v2/portrait-01-480.jpg',
        description: '<p>Siège depuis 2013.</p>',
      },
      'https://canton.example/annuaire/helene-zufferey/',
      BY,
    );
    expect(ld).toMatchObject({
      '@type': 'Person',
      jobTitle: 'Députée',
      telephone: '+41 27 300 00 00',
      image: 'https://canton.example/media/v2/portrait-01-480.jpg',
      address: { '@type': 'PostalAddress', streetAddress: 'Rue du Château 12', postalCode: '1950', addressLocality: 'Sion', addressCountry: 'CH' },
      affiliation: { '@type': 'Organization', name: 'PLR' },
      memberOf: [
        { '@type': 'Organization', name: 'Commission des finances' },
        { '@type': 'Organization', name: 'Commission de gestion' },
      ],
      description: 'Siège depuis 2013.',
    });
  });

  it('gives an organisation its address without its own name, its post box and its contact person', () => {
    const ld = contactJsonLd(
      {
        title: 'Commune de Sion',
        type_contact: 'Organisation',
        contact_person: 'Mme Zoé Rey',
        address: 'Commune de Sion\nRue du Marché 4\nCase postale 12\n1950 Sion',
      },
      'https://canton.example/annuaire/commune-de-sion/',
      BY,
    );
    expect(ld).toMatchObject({
      '@type': 'GovernmentOrganization',
      address: { streetAddress: 'Rue du Marché 4', postOfficeBoxNumber: '12', postalCode: '1950', addressLocality: 'Sion' },
      contactPoint: { '@type': 'ContactPoint', name: 'Mme Zoé Rey' },
    });
  });
});

describe('newsArticleJsonLd', () => {
  it('is a NewsArticle with offset dates, absolute images, an author and a publisher with a logo', () => {
    fc.assert(
      fc.property(articles, (item) => {
        const url = 'https://canton.example/actualites/budget/';
        const ld = newsArticleJsonLd(item, url, 'https://api.canton.example', BY);
        roundTrips(ld);
        expect(ld['@type']).toBe('NewsArticle');
        expectGoodDates(ld);
        if (item.date) expect(ld['datePublished']).toMatch(DATE_TIME);
        expect(ld['dateModified']).toBe(ld['datePublished']);
        const images = ld['image'];
        if (images !== undefined) {
          expect(Array.isArray(images)).toBe(true);
          for (const image of images as string[]) expect(image).toMatch(/^https?:\/\//);
        }
        expect(ld['author']).toMatchObject({ '@type': 'GovernmentOrganization', name: BY.name });
        expect(ld['publisher']).toMatchObject({ name: BY.name, logo: { '@type': 'ImageObject', url: expect.stringMatching(/^https:\/\//) } });
        expect(ld['mainEntityOfPage']).toEqual({ '@type': 'WebPage', '@id': url });
      }),
      { numRuns: runs(500) },
    );
  });

  it('takes the headline, the lead and the image of the item', () => {
    const ld = newsArticleJsonLd(
      {
        id: '3',
        title: 'Le budget',
        date: '2026-10-01',
        lead: 'Un déficit contenu.',
        image: '/media/v2/emblem-01-480.jpg',
        categories: [{ id: '1', title: 'Politique' }],
      },
      'https://canton.example/actualites/le-budget/',
      'https://api.canton.example/',
      BY,
    );
    expect(ld).toMatchObject({
      headline: 'Le budget',
      description: 'Un déficit contenu.',
      datePublished: '2026-10-01T00:00:00+02:00',
      image: ['https://api.canton.example/media/v2/emblem-01-480.jpg'],
      articleSection: ['Politique'],
    });
  });
});

describe('plainText', () => {
  it('drops tags and scripts, decodes entities and collapses white space', () => {
    expect(plainText('<p>A&nbsp;&amp;&#233;&#x27;<br>b</p>\n<script>alert(1)</script><ul><li>c</li></ul>')).toBe("A &é' b c");
  });
});
