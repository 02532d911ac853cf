import ICAL from 'ical.js';
import type { FastifyInstance } from 'fastify';
import { AgendaEvent } from '../../src/domain/agenda';
import { buildApp } from '../../server/http/app';
import { decodeContent, decodeContentItem, type Content } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { DEMO_VENUES } from '../../server/operations/demo-content';
import { importContent } from '../../server/operations/seed';
import { closeOpened } from '../support/close-opened';
import { decodeOrThrow, demo, DEMO_NOW, DEMO_TODAY } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { openTestDatabase } from '../support/test-database';

// Opening a copy of the test database takes seconds when other test files run beside this one.
jest.setTimeout(120_000);

const copy = (): Content => JSON.parse(JSON.stringify(demo)) as Content;

const faults = (content: unknown): string[] => {
  const result = decodeContent(content);
  return result.ok ? [] : result.errors;
};

// The soonest upcoming event of the demo that has a place, by its index in the file: near the start of its agenda's feed.
const upcomingIndex = demo.events.reduce(
  (best, event, index) => (event.bel_date > DEMO_TODAY && event.lieu && (best < 0 || event.bel_date < demo.events[best]!.bel_date) ? index : best),
  -1,
);

const PLACE = {
  name: 'Salle Saint-Georges; foyer, 1er étage',
  street_address: 'Rue de l’Église 9',
  postcode: '2800',
  locality: 'Delémont',
  latitude: 47.36471,
  longitude: 7.34521,
  accessibility: { step_free: false, induction_loop: true, accessible_toilets: null, note: 'Escalier de 12 marches\nAscenseur en réparation' },
};

describe('places in the import file', () => {
  it('accepts the demo, which places its events at a dozen venues inside Switzerland', () => {
    expect(faults(copy())).toEqual([]);
    expect(DEMO_VENUES).toHaveLength(12);
    const used = new Set(demo.events.flatMap((event) => (event.lieu ? [event.lieu.name] : [])));
    expect(used.size).toBe(12);
    // The place text says the same as the place: its name and its town.
    for (const event of demo.events) if (event.lieu) expect(event.place).toBe(`${event.lieu.name}, ${event.lieu.locality}`);
  });

  it('refuses coordinates outside Switzerland, naming the field’s path', () => {
    const content = copy();
    const events = content.events as unknown as Record<string, unknown>[];
    events[3]!['lieu'] = { ...PLACE, latitude: 48.8566, longitude: 2.3522 };
    events[5]!['lieu'] = { ...PLACE, longitude: 10.7 };
    expect(faults(content)).toEqual([
      expect.stringMatching(/^events\/3\/lieu\/latitude: outside Switzerland: expected a latitude from 45\.8 to 47\.9 \(WGS 84\) \(got 48\.8566\)$/),
      expect.stringMatching(/^events\/3\/lieu\/longitude: outside Switzerland: expected a longitude from 5\.9 to 10\.6/),
      expect.stringMatching(/^events\/5\/lieu\/longitude: outside Switzerland/),
    ]);
  });

  it('names a place without a name, a coordinate that is not a number, one without the other and a flag that is not a boolean', () => {
    const content = copy();
    const events = content.events as unknown as Record<string, unknown>[];
    events[0]!['lieu'] = { street_address: 'Rue du Château 1' };
    events[1]!['lieu'] = { ...PLACE, latitude: '46.2' };
    events[2]!['lieu'] = { ...PLACE, longitude: null };
    events[4]!['lieu'] = { ...PLACE, accessibility: { step_free: 'oui' } };
    const found = faults(content);
    expect(found).toEqual([
      expect.stringMatching(/^events\/0\/lieu\/name: /),
      expect.stringMatching(/^events\/1\/lieu\/latitude: expected a latitude in degrees \(WGS 84\)/),
      expect.stringMatching(/^events\/2\/lieu\/longitude: latitude and longitude go together: give both or neither/),
      expect.stringMatching(/^events\/4\/lieu\/accessibility\/step_free: /),
    ]);
  });
});

describe('places in a streamed import, an event at a time', () => {
  it('names the path of a coordinate outside Switzerland in the file, and keeps a valid place as it is', () => {
    const event = { ...demo.events[0]!, lieu: { ...PLACE, latitude: 45.79 } };
    const refused = decodeContentItem('events', 41, event);
    expect(refused.ok ? [] : refused.errors).toEqual([expect.stringMatching(/^events\/41\/lieu\/latitude: outside Switzerland: .* \(got 45\.79\)$/)]);
    const accepted = decodeContentItem('events', 41, { ...demo.events[0]!, lieu: PLACE });
    expect(accepted.ok ? accepted.item.lieu : null).toEqual(PLACE);
  });
});

describe('an imported place in the API, the calendar file and the feed', () => {
  let db: Database;
  let app: FastifyInstance;
  let client: TestClient;
  const content = copy();
  const target = content.events[upcomingIndex]!;
  const bare = content.events.find((event) => !event.lieu && event.bel_date > DEMO_TODAY)!;

  beforeAll(async () => {
    db = await openTestDatabase();
    (target as { lieu?: unknown }).lieu = PLACE;
    await importContent(db, content, 'places.json');
    app = buildApp({ db, now: () => DEMO_NOW });
    client = await injectClient(app);
  });

  afterAll(async () => {
    await app.close();
    await closeOpened(db);
  });

  it('answers the event with its lieu, as the client decodes it, and keeps the place text', async () => {
    const { status, body } = await client.getJson(`/api/agenda/${target.agenda_id}/events/${target.id}/`);
    expect(status).toBe(200);
    const event = decodeOrThrow(AgendaEvent, body);
    expect(event.lieu).toEqual(PLACE);
    expect(event.place).toBe(target.place);
  });

  it('answers null for an event without a place, which the client decodes too', async () => {
    const { body } = await client.getJson(`/api/agenda/${bare.agenda_id}/events/${bare.id}/`);
    expect(decodeOrThrow(AgendaEvent, body).lieu ?? null).toBeNull();
  });

  it('lists the events with their places', async () => {
    const { body } = await client.getJson(`/api/agenda/${target.agenda_id}/?page_size=100`);
    const results = (Array.isArray(body) ? body : (body as { results: unknown[] }).results).map((item) => decodeOrThrow(AgendaEvent, item));
    const listed = results.filter((event) => event.lieu);
    expect(listed.length).toBeGreaterThan(0);
    for (const event of listed) expect(event.lieu?.latitude).toEqual(expect.any(Number));
  });

  it('writes LOCATION and GEO in the event’s calendar file and in the agenda’s feed, escaped', async () => {
    const expectLocation = (vevent: ICAL.Component | undefined) => {
      expect(vevent?.getFirstPropertyValue('location')).toBe('Salle Saint-Georges; foyer, 1er étage, Rue de l’Église 9, 2800 Delémont');
      expect(vevent?.getFirstPropertyValue('geo')).toEqual([47.36471, 7.34521]);
    };
    const file = await client.get(`/agenda/calendrier/${target.agenda_id}/${target.id}.ics`);
    expect(file.status).toBe(200);
    expect(file.text).toContain('GEO:47.36471;7.34521\r\n');
    expectLocation(new ICAL.Component(ICAL.parse(file.text) as unknown[]).getFirstSubcomponent('vevent') ?? undefined);
    const feed = await client.get(`/flux/agenda/${target.agenda_id}.ics`);
    const vevents = new ICAL.Component(ICAL.parse(feed.text) as unknown[]).getAllSubcomponents('vevent');
    expectLocation(vevents.find((vevent) => String(vevent.getFirstPropertyValue('uid')).startsWith(`event-${target.agenda_id}-${target.id}@`)));
  });
});
