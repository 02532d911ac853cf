import { expect } from '@jest/globals';
import fc from 'fast-check';
import ICAL from 'ical.js';
import type { AgendaEvent, EventPlace } from '../../src/domain/agenda';
import { placeText, toIcs } from '../../src/domain/ics';
import { eventJsonLd, type JsonLd } from '../../src/domain/structured-data';
import { geoportalUrl, lv95ToWgs84, wgs84ToLv95 } from '../../src/domain/swiss-coordinates';
import { runs } from '../support/fuzz-runs';

/** The institution the pages name, as a site profile gives it. */
const BY = { name: 'Commune de Seeberg', postalAddress: ['Dorfplatz 1', '3999 Seeberg'] } as const;

const dms = (degrees: number, minutes: number, seconds: number): number => degrees + minutes / 60 + seconds / 3600;

// The import's bounds of Switzerland (server/data/content.ts SWISS_BOUNDS).
const latitude = fc.double({ min: 45.8, max: 47.9, noNaN: true });
const longitude = fc.double({ min: 5.9, max: 10.6, noNaN: true });
const point = fc.record({ latitude, longitude });

describe('WGS 84 to LV95 (swisstopo’s approximate formulas)', () => {
  it('gives swisstopo’s worked example to the metre: 46°2′38.87″ N 8°43′49.79″ E is E 2 700 000, N 1 100 000', () => {
    const { east, north } = wgs84ToLv95({ latitude: dms(46, 2, 38.87), longitude: dms(8, 43, 49.79) });
    expect(Math.abs(east - 2_700_000)).toBeLessThan(1);
    expect(Math.abs(north - 1_100_000)).toBeLessThan(1);
  });

  it('puts Bern’s old observatory (46°57′08.66″ N 7°26′22.50″ E, the formulas’ origin) at their constants, about 72 m east and 147 m north of LV95’s false origin', () => {
    // The WGS 84 and CH1903+ ellipsoids differ: the observatory is 2 600 000 / 1 200 000 in CH1903+, not in WGS 84.
    const { east, north } = wgs84ToLv95({ latitude: dms(46, 57, 8.66), longitude: dms(7, 26, 22.5) });
    expect(east).toBeCloseTo(2_600_072.37, 2);
    expect(north).toBeCloseTo(1_200_147.07, 2);
  });

  it('maps Switzerland’s bounds inside LV95’s extent, east growing with longitude and north with latitude', () => {
    fc.assert(
      fc.property(point, fc.double({ min: 0.001, max: 0.5, noNaN: true }), (p, step) => {
        const here = wgs84ToLv95(p);
        // The bounds' box is a little wider than the country (2 485 000–2 834 000 E, 1 075 000–1 296 000 N): a margin of some 50 km.
        expect(here.east).toBeGreaterThan(2_430_000);
        expect(here.east).toBeLessThan(2_890_000);
        expect(here.north).toBeGreaterThan(1_050_000);
        expect(here.north).toBeLessThan(1_330_000);
        expect(wgs84ToLv95({ ...p, longitude: p.longitude + step }).east).toBeGreaterThan(here.east);
        expect(wgs84ToLv95({ ...p, latitude: p.latitude + step }).north).toBeGreaterThan(here.north);
      }),
      { numRuns: runs(300) },
    );
  });

  it('comes back through swisstopo’s inverse formulas within a few metres, even at the corners of the bounds', () => {
    fc.assert(
      fc.property(point, (p) => {
        const back = lv95ToWgs84(wgs84ToLv95(p));
        // 5 m is about 4.5e-5° of latitude and 6.5e-5° of longitude at 46° N (within Switzerland the round trip is nearer a metre).
        expect(Math.abs(back.latitude - p.latitude)).toBeLessThan(4.5e-5);
        expect(Math.abs(back.longitude - p.longitude)).toBeLessThan(6.5e-5);
      }),
      { numRuns: runs(300) },
    );
  });

  it('opens the geoportal at the point, in whole metres, in the language asked', () => {
    fc.assert(
      fc.property(point, fc.constantFrom('fr', 'de', 'it', 'en' as const), (p, language) => {
        const url = new URL(geoportalUrl(p, language));
        expect(url.origin + url.pathname).toBe('https://map.geo.admin.ch/');
        expect(url.searchParams.get('lang')).toBe(language);
        const { east, north } = wgs84ToLv95(p);
        expect(url.searchParams.get('center')).toBe(`${Math.round(east)},${Math.round(north)}`);
      }),
      { numRuns: runs(100) },
    );
  });
});

// Names and addresses with what iCalendar escapes (backslash, semicolon, comma, line breaks) and what it folds (long, non-ASCII).
const wording = fc.stringMatching(/^[A-Za-zÀ-ÿ’0-9 ;,\\\n-]{1,80}$/).filter((text) => text.trim() !== '');
const lieu: fc.Arbitrary<EventPlace> = fc.record({
  name: wording,
  street_address: fc.option(wording),
  postcode: fc.option(fc.stringMatching(/^[1-9]\d{3}$/)),
  locality: fc.option(wording),
  latitude: latitude.map((value) => Math.round(value * 1e6) / 1e6),
  longitude: longitude.map((value) => Math.round(value * 1e6) / 1e6),
});

const eventAt = (place: EventPlace): AgendaEvent => ({ id: '5', bel_date: '2027-05-04', start_time: '19:00', title: 'Conférence', place: 'Ailleurs', lieu: place });

describe('an event’s place in its calendar file', () => {
  it('is LOCATION (name, street, postcode and locality, escaped as RFC 5545 says) and GEO, as a calendar reads them back', () => {
    fc.assert(
      fc.property(lieu, (place) => {
        const event = eventAt(place);
        const vevent = new ICAL.Component(ICAL.parse(toIcs([event], 'valmont.example')) as unknown[]).getFirstSubcomponent('vevent');
        const town = [place.postcode, place.locality].filter((part) => part).join(' ');
        const expected = [place.name, place.street_address, town].filter((part) => part).join(', ');
        expect(placeText(event)).toBe(expected);
        // ical.js unescapes the text; line breaks come back as \n.
        expect(vevent?.getFirstPropertyValue('location')).toBe(expected.replace(/\r\n/g, '\n'));
        expect(vevent?.getFirstPropertyValue('geo')).toEqual([place.latitude, place.longitude]);
      }),
      { numRuns: runs(200) },
    );
  });

  it('has no GEO for coordinates off the globe, which another backend might send', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(NaN, Infinity, -Infinity, 1e21), fc.double({ min: 90.000001, max: 1e9, noNaN: true })), (wrong) => {
        const text = toIcs([eventAt({ name: 'Salle', latitude: wrong, longitude: 7 })], 'valmont.example', new Date(0));
        expect(text).not.toContain('GEO:');
        expect(text).toContain('LOCATION:Salle\r\n');
      }),
      { numRuns: runs(50) },
    );
  });

  it('is the place text alone, and no GEO, for an event without a place', () => {
    const text = toIcs([{ id: '5', bel_date: '2027-05-04', title: 'Conférence', place: 'Salle; 2e étage, Sion' }], 'valmont.example', new Date(0));
    expect(text).toContain('LOCATION:Salle\\; 2e étage\\, Sion\r\n');
    expect(text).not.toContain('GEO:');
  });
});

describe('an event’s place in JSON-LD', () => {
  it('is a schema.org Place with its PostalAddress in Switzerland and its GeoCoordinates', () => {
    fc.assert(
      fc.property(lieu, (place) => {
        const location = eventJsonLd(eventAt(place), 'https://canton.example/agenda/5-conference/', BY)['location'] as JsonLd;
        expect(location['@type']).toBe('Place');
        expect(location['name']).toBe(place.name.trim());
        const address = location['address'] as JsonLd;
        expect(address['@type']).toBe('PostalAddress');
        expect(address['addressCountry']).toBe('CH');
        expect(address['postalCode']).toBe(place.postcode ?? undefined);
        expect(location['geo']).toEqual({ '@type': 'GeoCoordinates', latitude: place.latitude, longitude: place.longitude });
      }),
      { numRuns: runs(200) },
    );
  });
});
