import type { AgendaEvent } from '../../src/domain/agenda';
import { contactJsonLd, eventJsonLd, newsArticleJsonLd, plainText, postalAddress, zurichDateTime } from '../../src/domain/structured-data';

/** The institution the pages name, as a site profile gives it. */
const BY = { name: 'Commune de Seeberg', postalAddress: ['Dorfplatz 1', '3999 Seeberg'] } as const;

const SITE = 'https://www.canton.example';
const EVENT_PAGE = `${SITE}/agenda/12-seance/`;
const ADDRESS = { '@type': 'PostalAddress', streetAddress: 'Dorfplatz 1', postalCode: '3999', addressLocality: 'Seeberg', addressCountry: 'CH' };
const INSTITUTION = { '@type': 'GovernmentOrganization', name: 'Commune de Seeberg', url: `${SITE}/`, address: ADDRESS };

const agendaEvent = (fields: Partial<AgendaEvent> = {}): AgendaEvent => ({ id: '12', bel_date: '2026-12-01', title: 'Séance', ...fields });

describe('zurichDateTime', () => {
  it('writes a wall-clock time of Zurich with the offset it has that day', () => {
    expect(zurichDateTime('2026-01-15', '18:30')).toBe('2026-01-15T18:30:00+01:00');
    expect(zurichDateTime('2026-07-01', '18:30:05')).toBe('2026-07-01T18:30:05+02:00');
    expect(zurichDateTime(' 2026-07-01 ', '09:00')).toBe('2026-07-01T09:00:00+02:00');
  });

  it('takes summer time for the autumn’s repeated hour and moves the spring’s missing hour on', () => {
    expect(zurichDateTime('2026-03-29', '01:59')).toBe('2026-03-29T01:59:00+01:00');
    expect(zurichDateTime('2026-03-29', '02:30')).toBe('2026-03-29T03:30:00+02:00');
    expect(zurichDateTime('2026-03-29', '03:00')).toBe('2026-03-29T03:00:00+02:00');
    expect(zurichDateTime('2026-10-25', '01:59')).toBe('2026-10-25T01:59:00+02:00');
    expect(zurichDateTime('2026-10-25', '02:30')).toBe('2026-10-25T02:30:00+02:00');
    expect(zurichDateTime('2026-10-25', '03:00')).toBe('2026-10-25T03:00:00+01:00');
  });

  it('writes a date as midnight, or as itself for an all-day event, and a date-time without offset as wall time', () => {
    expect(zurichDateTime('2026-12-01')).toBe('2026-12-01T00:00:00+01:00');
    expect(zurichDateTime('2026-12-01', null, true)).toBe('2026-12-01');
    expect(zurichDateTime('2026-07-01T08:15')).toBe('2026-07-01T08:15:00+02:00');
    expect(zurichDateTime('2026-07-01 08:15:30.5')).toBe('2026-07-01T08:15:30+02:00');
  });

  it('writes an instant of any offset in Zurich time', () => {
    expect(zurichDateTime('2026-12-01T12:00:00+0530')).toBe('2026-12-01T07:30:00+01:00');
    expect(zurichDateTime('2026-12-01T12:00:00-01:00')).toBe('2026-12-01T14:00:00+01:00');
    expect(zurichDateTime('2026-06-01T12:00Z')).toBe('2026-06-01T14:00:00+02:00');
  });

  it('gives nothing for what is not a date', () => {
    expect(zurichDateTime('1 décembre')).toBeUndefined();
    expect(zurichDateTime('2026-12-01T99:00:00+01:00')).toBeUndefined();
  });
});

describe('plainText', () => {
  it('drops scripts and styles with what they hold, and tags, leaving a space', () => {
    expect(plainText('a<script type="text/javascript">alert( 1 )</script>b<style media="x">p { x: 1 }</style>c<strong>d</strong>')).toBe('a b c d');
  });

  it('decodes named, decimal and hexadecimal entities, keeping what names no character', () => {
    expect(plainText('&amp; &LT; &gt; &quot; &apos; &nbsp;x &#65; &#x42; &#X43; &#1114111; &#0; &#1114112; &unknown;')).toBe(
      '& < > " \' x A B C \u{10ffff} &#0; &#1114112; &unknown;',
    );
  });
});

describe('postalAddress', () => {
  it('makes a Swiss postal address of lines that end with a postcode line, a post box apart', () => {
    expect(postalAddress('  Rue du Château 12 \n\n Place 1 \n Case postale 4\n 1950   Sion  \n')).toStrictEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Rue du Château 12, Place 1',
      postOfficeBoxNumber: '4',
      postalCode: '1950',
      addressLocality: 'Sion',
      addressCountry: 'CH',
    });
  });

  it('keeps an address without a postcode line as text, and gives nothing for none', () => {
    expect(postalAddress('Rue 1\nSion')).toBe('Rue 1, Sion');
    expect(postalAddress(' \n ')).toBeUndefined();
    expect(postalAddress(null)).toBeUndefined();
    expect(postalAddress('Service des routes\n1950 Sion', 'Service des routes')).toStrictEqual({
      '@type': 'PostalAddress',
      postalCode: '1950',
      addressLocality: 'Sion',
      addressCountry: 'CH',
    });
  });
});

describe('eventJsonLd', () => {
  it('gives an all-day event plain dates, its place, organiser, keywords and link, and nothing empty', () => {
    expect(
      eventJsonLd(
        agendaEvent({
          place: ' Salle du Grand Conseil, , Sion ',
          categories: [
            { id: '1', title: 'Culture' },
            { id: '2', title: 'Séance' },
          ],
          link: '/agenda/',
          description: '',
        }),
        EVENT_PAGE,
        BY,
      ),
    ).toStrictEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Séance',
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      location: { '@type': 'Place', name: 'Salle du Grand Conseil', address: { '@type': 'PostalAddress', addressLocality: 'Sion', addressCountry: 'CH' } },
      organizer: INSTITUTION,
      url: EVENT_PAGE,
      sameAs: `${SITE}/agenda/`,
      keywords: 'Culture, Séance',
    });
  });

  it('gives a bare event only what it has: no place, description, link or keywords', () => {
    expect(eventJsonLd(agendaEvent(), EVENT_PAGE, BY)).toStrictEqual({
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Séance',
      startDate: '2026-12-01',
      endDate: '2026-12-01',
      eventStatus: 'https://schema.org/EventScheduled',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
      organizer: INSTITUTION,
      url: EVENT_PAGE,
    });
  });

  it('names a place by all its parts but the town', () => {
    expect(eventJsonLd(agendaEvent({ place: 'Salle 1, Château, Sion' }), EVENT_PAGE, BY)['location']).toStrictEqual({
      '@type': 'Place',
      name: 'Salle 1, Château',
      address: { '@type': 'PostalAddress', addressLocality: 'Sion', addressCountry: 'CH' },
    });
  });

  it('gives a place of one part as its name and address, trimmed', () => {
    expect(eventJsonLd(agendaEvent({ place: ' Château ' }), EVENT_PAGE, BY)['location']).toStrictEqual({ '@type': 'Place', name: 'Château', address: 'Château' });
  });

  it('ends a timed event at its end time, or at the last day of several, and not at all otherwise', () => {
    expect(eventJsonLd(agendaEvent({ start_time: '18:30', end_time: '20:00', end_date: '2026-12-02' }), EVENT_PAGE, BY)).toMatchObject({
      startDate: '2026-12-01T18:30:00+01:00',
      endDate: '2026-12-02T20:00:00+01:00',
    });
    expect(eventJsonLd(agendaEvent({ start_time: '18:30', end_date: '2026-12-03' }), EVENT_PAGE, BY)['endDate']).toBe('2026-12-03');
    expect(eventJsonLd(agendaEvent({ start_time: '18:30' }), EVENT_PAGE, BY)).not.toHaveProperty('endDate');
    expect(eventJsonLd(agendaEvent({ end_date: '2026-12-04' }), EVENT_PAGE, BY)['endDate']).toBe('2026-12-04');
  });

  it('starts on the written day when the date carries a time it cannot read', () => {
    expect(eventJsonLd(agendaEvent({ bel_date: '2026-12-01Tsoir' }), EVENT_PAGE, BY)['startDate']).toBe('2026-12-01');
  });

  it('names no organiser’s address when the page address is not absolute', () => {
    expect(eventJsonLd(agendaEvent(), 'agenda/12/', BY)['organizer']).toStrictEqual({
      '@type': 'GovernmentOrganization',
      name: 'Commune de Seeberg',
      address: ADDRESS,
    });
  });
});

describe('contactJsonLd', () => {
  const page = `${SITE}/annuaire/helene-rochat/`;

  it('gives a person’s role, party, commissions and absolute image, and no empty field', () => {
    expect(
      contactJsonLd(
        {
          title: ' Hélène Rochat ',
          type_contact: 'Personne',
          fonction: 'Députée',
          parti: 'PLR',
          commissions: [' Finances ', '', '  '],
          img_2x: '/media/a-480.jpg',
          email: '',
          phone: ' +41 32 ',
          address: null,
        },
        page,
        BY,
      ),
    ).toStrictEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Hélène Rochat',
      url: page,
      telephone: '+41 32',
      jobTitle: 'Députée',
      image: `${SITE}/media/a-480.jpg`,
      affiliation: { '@type': 'Organization', name: 'PLR' },
      memberOf: [{ '@type': 'Organization', name: 'Finances', parentOrganization: INSTITUTION }],
    });
  });

  it('gives a person without party, commissions or image none of them', () => {
    expect(contactJsonLd({ title: 'Rochat', type_contact: 'Personne', parti: ' ' }, page, BY)).toStrictEqual({
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: 'Rochat',
      url: page,
    });
  });

  it('links only an http(s) image', () => {
    for (const image of ['javascript:alert(1)', 'ftp://x.example/a.jpg', 'http://[x'])
      expect(contactJsonLd({ title: 'X', image }, page, BY)).not.toHaveProperty('image');
    expect(contactJsonLd({ title: 'X', image: 'http://x.example/a.jpg' }, page, BY)['image']).toBe('http://x.example/a.jpg');
  });

  it('gives an organisation its address without its own name, its logo and its contact person only when it has one', () => {
    expect(contactJsonLd({ title: ' Service des routes ', address: 'Service des routes\nRoute 1\n1950 Sion', image: '/media/logo.png' }, page, BY)).toStrictEqual({
      '@context': 'https://schema.org',
      '@type': 'GovernmentOrganization',
      name: 'Service des routes',
      url: page,
      address: { '@type': 'PostalAddress', streetAddress: 'Route 1', postalCode: '1950', addressLocality: 'Sion', addressCountry: 'CH' },
      logo: `${SITE}/media/logo.png`,
      image: `${SITE}/media/logo.png`,
    });
    expect(contactJsonLd({ title: 'Service', contact_person: ' M. Favre ', phone: '+41', email: 'a@b.example' }, page, BY)['contactPoint']).toStrictEqual({
      '@type': 'ContactPoint',
      name: 'M. Favre',
      telephone: '+41',
      email: 'a@b.example',
    });
  });
});

describe('newsArticleJsonLd', () => {
  it('gives the publisher no logo when none can be made absolute', () => {
    expect(newsArticleJsonLd({ id: '7', title: 'Budget' }, 'actualites/7/', SITE, BY)['publisher']).toStrictEqual({
      '@type': 'GovernmentOrganization',
      name: 'Commune de Seeberg',
      address: ADDRESS,
    });
  });

  it('gives the article its dates, image, sections and the site’s logo', () => {
    const page = `${SITE}/actualites/7-budget/`;
    expect(
      newsArticleJsonLd(
        { id: '7', title: 'Budget', lead: '<p>Le&nbsp;budget</p>', date: '2026-12-01', image: '/media/b.jpg', categories: [{ id: '1', title: 'Finances' }] },
        page,
        'https://api.example',
        BY,
      ),
    ).toStrictEqual({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'Budget',
      description: 'Le budget',
      datePublished: '2026-12-01T00:00:00+01:00',
      dateModified: '2026-12-01T00:00:00+01:00',
      image: ['https://api.example/media/b.jpg'],
      author: INSTITUTION,
      publisher: { ...INSTITUTION, logo: { '@type': 'ImageObject', url: `${SITE}/favicon.svg` } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': page },
      url: page,
      articleSection: ['Finances'],
    });
  });
});
