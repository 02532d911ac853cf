import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { CONTENT_ITEMS, decodeImportText, writeContent } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { buildApp } from '../../server/http/app';
import { migrate } from '../../server/data/migrations';
import { createToken, revokeToken } from '../../server/content-api/api-tokens';
import { mergeText } from '../../server/content-api/content-operations';
import { contentSchema } from '../../server/content-api/content-schema';
import { exportContent } from '../../server/content-api/content-store';
import { mergePatch } from '../../src/domain/merge-patch';
import { wireArbitrary } from '../support/arbitrary-from-codec';
import { closeOpened } from '../support/close-opened';
import { counted } from '../support/counted-database';
import { openEmptyTestDatabase, openTestDatabase, testBackend } from '../support/test-database';

jest.setTimeout(120_000);

let db: Database;
let statements: () => number;
let app: FastifyInstance;
let token: string;
let auth: Record<string, string>;

beforeAll(async () => {
  const opened = await openTestDatabase();
  const wrapped = counted(opened);
  db = opened;
  statements = wrapped.statements;
  app = buildApp({ db: wrapped.db, corsOrigins: ['https://reader.example'], versionTtlMs: 60_000 });
  await app.ready();
  token = await createToken(db, `tests-${process.pid}`);
  auth = { authorization: `Bearer ${token}` };
});

afterAll(async () => {
  await app.close();
  await closeOpened(db);
});

const json = { 'content-type': 'application/json' };
const patchType = { 'content-type': 'application/merge-patch+json' };
const exported = async (source: Database = db): Promise<string> => {
  const parts: string[] = [];
  for await (const part of exportContent(source)) parts.push(part);
  return parts.join('');
};
const get = (url: string, headers: Record<string, string> = auth) => app.inject({ method: 'GET', url, headers });
const itemOf = async (url: string): Promise<{ item: Record<string, unknown>; etag: string }> => {
  const answer = await get(url);
  expect(answer.statusCode).toBe(200);
  return { item: answer.json<Record<string, unknown>>(), etag: String(answer.headers.etag) };
};

const newEvent = (id: number, title: string) => ({
  id,
  agenda_id: 1,
  bel_date: '2031-05-04',
  title,
  categories: [2],
  start_time: '18:30',
  place: 'Salle du Grand Conseil',
});

describe(`the content API, one item at a time (${testBackend()})`, () => {
  it('creates with If-None-Match: *, reads it back with its strong ETag, and refuses to create it twice', async () => {
    const created = await app.inject({
      method: 'PUT',
      url: '/api/content/events/910001',
      headers: { ...auth, ...json, 'if-none-match': '*' },
      payload: newEvent(910001, 'Vernissage créé'),
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe('/api/content/events/910001');
    expect(created.headers['cache-control']).toBe('no-store');
    expect(String(created.headers.etag)).toMatch(/^"[\w-]+"$/);
    const read = await itemOf('/api/content/events/910001');
    expect(read.item).toEqual({ ...newEvent(910001, 'Vernissage créé') });
    expect(read.etag).toBe(created.headers.etag);
    const again = await app.inject({
      method: 'PUT',
      url: '/api/content/events/910001',
      headers: { ...auth, ...json, 'if-none-match': '*' },
      payload: newEvent(910001, 'x'),
    });
    expect(again.statusCode).toBe(412);
    expect(again.headers['content-type']).toMatch(/^application\/problem\+json/);
    const notModified = await get('/api/content/events/910001', { ...auth, 'if-none-match': read.etag });
    expect(notModified.statusCode).toBe(304);
  });

  it('replaces with If-Match, refuses a stale ETag (412) and none (428), patches by RFC 7396 and deletes', async () => {
    const { item, etag } = await itemOf('/api/content/events/910001');
    const none = await app.inject({
      method: 'PUT',
      url: '/api/content/events/910001',
      headers: { ...auth, ...json },
      payload: { ...item, title: 'Sans précondition' },
    });
    expect(none.statusCode).toBe(428);
    const replaced = await app.inject({
      method: 'PUT',
      url: '/api/content/events/910001',
      headers: { ...auth, ...json, 'if-match': etag },
      payload: { ...item, title: 'Vernissage remplacé' },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json()).toMatchObject({ title: 'Vernissage remplacé' });
    const stale = await app.inject({ method: 'PUT', url: '/api/content/events/910001', headers: { ...auth, ...json, 'if-match': etag }, payload: item });
    expect(stale.statusCode).toBe(412);
    const patched = await app.inject({
      method: 'PATCH',
      url: '/api/content/events/910001',
      headers: { ...auth, ...patchType, 'if-match': String(replaced.headers.etag) },
      payload: { place: null, title: 'Vernissage corrigé' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual(mergePatch(replaced.json(), { place: null, title: 'Vernissage corrigé' }));
    const noMatch = await app.inject({ method: 'DELETE', url: '/api/content/events/910001', headers: auth });
    expect(noMatch.statusCode).toBe(428);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/content/events/910001', headers: { ...auth, 'if-match': String(patched.headers.etag) } });
    expect(deleted.statusCode).toBe(204);
    expect((await get('/api/content/events/910001')).statusCode).toBe(404);
  });

  it('lets one of two writers with the same ETag through, the other gets 412', async () => {
    const { item, etag } = await itemOf('/api/content/events/2');
    const write = (title: string) =>
      app.inject({ method: 'PUT', url: '/api/content/events/2', headers: { ...auth, ...json, 'if-match': etag }, payload: { ...item, title } });
    const answers = await Promise.all([write('Premier écrivain'), write('Second écrivain')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
  });

  it('refuses each fault as problem details, and a refused write changes nothing', async () => {
    const before = await exported();
    const { item, etag } = await itemOf('/api/content/contacts/1');
    const other = (await itemOf('/api/content/contacts/2')).item;
    const cases: [string, InjectOptions, number][] = [
      ['unknown list', { method: 'PUT', url: '/api/content/widgets/1', headers: { ...auth, ...json }, payload: {} }, 404],
      ['id not a key', { method: 'GET', url: '/api/content/events/0x1', headers: auth }, 404],
      ['ids disagree', { method: 'PUT', url: '/api/content/contacts/1', headers: { ...auth, ...json, 'if-match': etag }, payload: { ...item, id: 2 } }, 400],
      ['bad JSON', { method: 'PUT', url: '/api/content/contacts/1', headers: { ...auth, ...json, 'if-match': etag }, payload: '{"title":' }, 400],
      [
        'another media type',
        { method: 'PUT', url: '/api/content/contacts/1', headers: { ...auth, 'content-type': 'text/plain', 'if-match': etag }, payload: 'x' },
        415,
      ],
      [
        'too large',
        {
          method: 'PUT',
          url: '/api/content/contacts/1',
          headers: { ...auth, ...json, 'if-match': etag },
          payload: JSON.stringify({ ...item, description: 'x'.repeat(1_100_000) }),
        },
        413,
      ],
      [
        'slug taken',
        { method: 'PUT', url: '/api/content/contacts/1', headers: { ...auth, ...json, 'if-match': etag }, payload: { ...item, slug: other['slug'] } },
        409,
      ],
      ['category in use', { method: 'DELETE', url: '/api/content/agenda_categories/2', headers: { ...auth, 'if-match': '*' } }, 409],
      [
        'bad field',
        {
          method: 'PUT',
          url: '/api/content/contacts/1',
          headers: { ...auth, ...json, 'if-match': etag },
          payload: { ...item, email: 5, categories: ['Nulle part'] },
        },
        422,
      ],
      ['patch as JSON', { method: 'PATCH', url: '/api/content/contacts/1', headers: { ...auth, ...json, 'if-match': etag }, payload: { title: 'x' } }, 415],
    ];
    for (const [name, request, status] of cases) {
      const answer = await app.inject(request);
      expect([name, answer.statusCode]).toEqual([name, status]);
      expect(answer.headers['content-type']).toMatch(/^application\/problem\+json/);
      const problem = answer.json<{ status: number; title: unknown; detail: unknown }>();
      expect(problem.status).toBe(status);
      expect(typeof problem.title === 'string' && typeof problem.detail === 'string').toBe(true);
    }
    const conflict = await app.inject(cases[6]?.[1] ?? { url: '/' });
    expect(conflict.json<{ items: string[] }>().items).toEqual(['contacts/2']);
    const invalid = await app.inject(cases[8]?.[1] ?? { url: '/' });
    expect(invalid.json<{ errors: { pointer: string }[] }>().errors.map((e) => e.pointer)).toEqual(expect.arrayContaining(['/email']));
    const unknownCategory = await app.inject({
      method: 'PUT',
      url: '/api/content/contacts/1',
      headers: { ...auth, ...json, 'if-match': etag },
      payload: { ...item, categories: ['Nulle part'] },
    });
    expect(unknownCategory.json<{ errors: { pointer: string; detail: string }[] }>().errors).toEqual([
      { pointer: '/categories/0', detail: 'unknown contact category "Nulle part"' },
    ]);
    expect(await exported()).toBe(before);
  });

  it('lets nobody without a valid token in, whatever the method, path, headers or body, and changes nothing', async () => {
    const before = await exported();
    const revoked = `revoked-${process.pid}`;
    const revokedToken = await createToken(db, revoked);
    await revokeToken(db, revoked);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'PUT', 'PATCH', 'DELETE', 'POST'),
        fc.constantFrom('/api/content/events/1', '/api/content/contacts/3', '/api/content/export', '/api/content/journal', '/api/content/news/1'),
        fc.oneof(
          fc.constant({}),
          fc.constant({ authorization: `Bearer ${revokedToken}` }),
          fc.string().map((s) => ({ authorization: `Bearer ${s}` })),
          fc.string().map((s) => ({ authorization: s })),
          fc.constant({ cookie: `access_token=${token}` }),
        ),
        fc.jsonValue(),
        async (method, path, headers, body) => {
          const query = path.includes('journal') ? `?access_token=${token}` : '';
          // From an address of its own: its refused attempts are limited (429), the other tests' are not.
          const answer = await app.inject({
            method,
            url: `${path}${method === 'GET' ? query : ''}`,
            headers: { ...json, 'if-match': '*', ...headers },
            payload: JSON.stringify(body),
            remoteAddress: '203.0.113.7',
          });
          expect([400, 401, 404, 405, 429]).toContain(answer.statusCode);
          if (answer.statusCode === 401) expect(String(answer.headers['www-authenticate'])).toMatch(/^Bearer /);
        },
      ),
      { numRuns: 60 },
    );
    expect(await exported()).toBe(before);
  });

  it('lets an origin configured for writing call the content API from a browser', async () => {
    const writing = buildApp({ db, contentWriteOrigins: ['https://cms.example'] });
    try {
      const preflight = await writing.inject({
        method: 'OPTIONS',
        url: '/api/content/events/2',
        headers: { origin: 'https://cms.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, if-match' },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-methods']).toContain('PUT');
      expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Authorization/);
      const read = await writing.inject({ method: 'GET', url: '/api/content/events/2', headers: { ...auth, origin: 'https://cms.example' } });
      expect(read.headers['access-control-allow-origin']).toBe('https://cms.example');
      expect(String(read.headers['access-control-expose-headers'])).toContain('ETag');
    } finally {
      await writing.close();
    }
  });

  it('never lets a reading origin write from a browser', async () => {
    const answer = await app.inject({ method: 'GET', url: '/api/content/events/2', headers: { ...auth, origin: 'https://reader.example' } });
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/content/events/2',
      headers: { origin: 'https://reader.example', 'access-control-request-method': 'PUT' },
    });
    expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    expect((await app.inject({ method: 'GET', url: '/api/agenda/', headers: { origin: 'https://reader.example' } })).headers['access-control-allow-origin']).toBe(
      'https://reader.example',
    );
  });
});

describe(`a written change seen by the site (${testBackend()})`, () => {
  it('shows in the agenda, search and the calendar feed, keeps the directory cached, and a deletion cancels it in the feed', async () => {
    const title = `Concert de printemps ${process.pid}`;
    // The directory's answer is kept: a change of an event must not cost it a query.
    expect((await app.inject('/api/contacts/')).statusCode).toBe(200);
    const feedBefore = (await app.inject('/flux/agenda/1.ics')).body;
    const modifiedOf = async () => /<dct:modified[^>]*>([^<]+)</.exec((await app.inject('/donnees/catalogue.rdf')).body)?.[1];
    const modifiedBefore = await modifiedOf();
    const created = await app.inject({ method: 'PUT', url: '/api/content/events/910002', headers: { ...auth, ...json }, payload: newEvent(910002, title) });
    expect(created.statusCode).toBe(201);
    const counted = statements();
    expect((await app.inject('/api/contacts/')).statusCode).toBe(200);
    // One statement at most: the versions read again once the write was announced; the answer itself is the one kept.
    expect(statements() - counted).toBeLessThanOrEqual(1);
    const agenda = await app.inject('/api/agenda/?from=2031-05-04&to=2031-05-04');
    expect(agenda.body).toContain(title);
    const search = await app.inject(`/api/search/?q=${encodeURIComponent('printemps')}`);
    expect(search.body).toContain(title);
    const feed = (await app.inject('/flux/agenda/1.ics')).body;
    expect(feedBefore).not.toContain(title);
    expect(feed).toContain(`SUMMARY:${title}`);
    // The sitemap is an index of files: the event is in one of them.
    const files = [...(await app.inject('/sitemap.xml')).body.matchAll(/<loc>[^<]*(\/sitemap-\d+\.xml)<\/loc>/g)].map((match) => match[1] ?? '');
    const sitemap = (await Promise.all(files.map(async (file) => (await app.inject(file)).body))).join('');
    expect(sitemap).toContain('/agenda/910002-');
    const modified = await modifiedOf();
    expect(modified).not.toBe(modifiedBefore);
    expect(Date.parse(modified ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const deleted = await app.inject({ method: 'DELETE', url: '/api/content/events/910002', headers: { ...auth, 'if-match': String(created.headers.etag) } });
    expect(deleted.statusCode).toBe(204);
    const after = (await app.inject('/flux/agenda/1.ics')).body.replace(/\r\n /g, '');
    const block = after.split('BEGIN:VEVENT').find((part) => part.includes(title)) ?? '';
    expect(block).toContain('STATUS:CANCELLED');
    expect(block).toMatch(/SEQUENCE:1\r?\n/);
    expect((await app.inject('/api/agenda/?from=2031-05-04&to=2031-05-04')).body).not.toContain(title);
  });

  it('gives the events of a renamed agenda category a new SEQUENCE, with the new title in CATEGORIES', async () => {
    const title = `Conférence ${process.pid}`;
    const created = await app.inject({
      method: 'PUT',
      url: '/api/content/events/910003',
      headers: { ...auth, ...json },
      payload: { ...newEvent(910003, title), categories: [3] },
    });
    expect(created.statusCode).toBe(201);
    const blockOf = async () =>
      (await app.inject('/flux/agenda/1.ics')).body
        .replace(/\r\n /g, '')
        .split('BEGIN:VEVENT')
        .find((part) => part.includes(title)) ?? '';
    expect(await blockOf()).toMatch(/SEQUENCE:0\r?\n/);
    const category = await itemOf('/api/content/agenda_categories/3');
    const renamed = await app.inject({
      method: 'PATCH',
      url: '/api/content/agenda_categories/3',
      headers: { ...auth, ...patchType, 'if-match': category.etag },
      payload: { title: 'Catégorie renommée' },
    });
    expect(renamed.statusCode).toBe(200);
    const block = await blockOf();
    expect(block).toMatch(/SEQUENCE:1\r?\n/);
    expect(block).toContain('Catégorie renommée');
  });

  it('journals every write with the token name and the ETags, and pages through it', async () => {
    const all = await get('/api/content/journal?limit=1000');
    expect(all.statusCode).toBe(200);
    const entries = all.json<{ entries: { token: string; kind: string; action: string; etag_before: string | null; etag_after: string | null }[] }>().entries;
    const mine = entries.filter((entry) => entry.token === `tests-${process.pid}`);
    expect(mine.map((entry) => entry.action)).toEqual(expect.arrayContaining(['create', 'replace', 'patch', 'delete']));
    for (const entry of mine) {
      expect(entry.etag_before === null).toBe(entry.action === 'create');
      expect(entry.etag_after === null).toBe(entry.action === 'delete');
    }
    const first = await get('/api/content/journal?limit=2');
    const next = first.json<{ next: string }>().next;
    expect(first.headers.link).toBe(`<${next}>; rel="next"`);
    expect((await get(next)).json<{ entries: unknown[] }>().entries.length).toBeGreaterThan(0);
  });
});

// The import file's published schema, as a content system would check an export with it.
const validateFile = new Ajv2020({ multipleOfPrecision: 6, validateFormats: false }).compile(contentSchema());

describe(`the export and the merge import (${testBackend()})`, () => {
  it('an export imports back to the same bytes, over items drawn from the import codecs and merged in', async () => {
    const target = await openEmptyTestDatabase();
    await migrate(target);
    // Items as the codecs draw them, their links pointed at what the demo holds and their slugs their titles' (a drawn slug may be taken).
    const key = fc.integer({ min: 920000, max: 920200 });
    const event = fc.tuple(key, wireArbitrary(CONTENT_ITEMS.events)).map(([id, drawn]) => ({
      ...(drawn as object),
      id,
      agenda_id: 1,
      categories: [2],
      end_date: null,
      end_time: null,
      recurrence: null,
    }));
    const contact = fc.tuple(key, wireArbitrary(CONTENT_ITEMS.contacts)).map(([id, drawn]) => ({ ...(drawn as object), id, slug: null, categories: [] }));
    const news = fc
      .tuple(key, wireArbitrary(CONTENT_ITEMS.news))
      .map(([id, drawn]) => ({ ...(drawn as object), id, slug: null, scope: 'actualites', categories: [] }));
    const shop = fc.tuple(key, wireArbitrary(CONTENT_ITEMS.shop_items)).map(([variant_id, drawn]) => ({ ...(drawn as object), variant_id }));
    try {
      await fc.assert(
        fc.asyncProperty(event, contact, news, shop, async (drawnEvent, drawnContact, drawnNews, drawnShopItem) => {
          const outcome = await mergeText(db, JSON.stringify({ events: [drawnEvent], contacts: [drawnContact], news: [drawnNews], shop_items: [drawnShopItem] }));
          if (!outcome.ok) throw new Error(outcome.errors.join('\n'));
          const first = await exported();
          expect(validateFile(JSON.parse(first))).toBe(true);
          const decoded = decodeImportText(first);
          if (!decoded.ok) throw new Error(decoded.errors.join('\n'));
          await target.transaction((tx) => writeContent(tx, decoded.content, 'round-trip'));
          expect(await exported(target)).toBe(first);
        }),
        { numRuns: 5 },
      );
    } finally {
      await closeOpened(target);
    }
  });

  it('merges items and deletions in one transaction, and a single fault leaves everything as it was', async () => {
    const before = await exported();
    const refused = await mergeText(
      db,
      JSON.stringify({ events: [newEvent(930001, 'Fusion A'), { ...newEvent(930002, 'Fusion B'), agenda_id: 99999 }], delete: { news: [1] } }),
    );
    expect(refused).toEqual({ ok: false, errors: ['events/930002/agenda_id: unknown agenda 99999'] });
    expect(await exported()).toBe(before);
    const merged = await mergeText(db, JSON.stringify({ events: [newEvent(930001, 'Fusion A')], delete: { shop_items: [1] } }));
    expect(merged.ok && merged.writes.map((w) => `${w.action} ${w.list}/${w.id}`)).toEqual(['create events/930001', 'delete shop_items/1']);
    expect((await get('/api/content/shop_items/1')).statusCode).toBe(404);
    expect((await itemOf('/api/content/events/930001')).item['title']).toBe('Fusion A');
  });
});
