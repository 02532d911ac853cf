import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { boundedCache, ifNoneMatchHits, singleFlight } from '../../server/cache/answer-cache';
import { buildApp } from '../../server/http/app';
import { CONTENT_CHANNEL, type Content } from '../../server/data/content';
import { contentVersionReader, readContentVersions } from '../../server/cache/content-version';
import { openPostgres } from '../../server/data/db';
import type { Database, Queryable } from '../../server/data/database';
import { importContent } from '../../server/operations/seed';
import { counted } from '../support/counted-database';
import { demo, DEMO_NOW } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { openTestDatabase, testBackend } from '../support/test-database';

jest.setTimeout(60_000);

// Longer than any test: an answer that changes can only have heard the import's notification.
const NO_TTL = 3_600_000;

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(async () => {
  await db.close();
});

const copy = (): Content => JSON.parse(JSON.stringify(demo)) as Content;

/** The demo content with its first `count` contacts only: an import whose directory answer differs. */
const withContacts = (count: number): Content => {
  const content = copy();
  content.contacts = content.contacts.slice(0, count);
  return content;
};

/** A label no other test file imports under (they share PostgreSQL's notification channel). */
const REFUSED = `refused-${process.pid}.json`;

/** Content the database refuses on its last table (PostgreSQL text holds no NUL): the import rolls back. */
const refused = (): Content => {
  const content = copy();
  (content.shop_items[0] as { title: string }).title = 'Affiche\u0000';
  return content;
};

/**
 * `db` deaf to notifications: on PostgreSQL the other test files' imports (in their own schemas,
 * on the same channel) would make an app read its version again, and some tests count statements.
 */
const deaf = (inner: Database): Database => ({ ...inner, listen: async () => async () => undefined });

const waitFor = async (what: string, check: () => Promise<boolean>, withinMs: number): Promise<number> => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > withinMs) throw new Error(`${what}: not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
};

describe('the answer cache, over HTTP', () => {
  let app: FastifyInstance;
  let client: TestClient;
  let statements: () => number;
  let failing = false;

  beforeAll(async () => {
    const base = counted(deaf(db));
    statements = base.statements;
    // A database that fails on demand: its failures must never be kept.
    const flaky: Database = {
      ...base.db,
      query: <T>(sql: string, params?: readonly unknown[]) =>
        failing && !sql.includes('content_meta') ? Promise.reject(new Error('connection lost')) : base.db.query<T>(sql, params),
    };
    app = buildApp({ db: flaky, now: () => DEMO_NOW, versionTtlMs: NO_TTL });
    client = await injectClient(app);
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers a repeated request that names the ETag with 304 and no body', async () => {
    const first = await client.get('/api/categories/agenda/');
    expect(first.status).toBe(200);
    expect(first.headers['etag']).toMatch(/^"[\w-]+"$/);
    const again = await client.get('/api/categories/agenda/', { 'if-none-match': first.headers['etag']! });
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect(again.headers['etag']).toBe(first.headers['etag']);
    expect(again.headers['cache-control']).toBe('public, max-age=60, s-maxage=10');
    // A list of tags, and the weak form of ours, are revalidations too.
    expect((await client.get('/api/categories/agenda/', { 'if-none-match': `"other", W/${first.headers['etag']!}` })).status).toBe(304);
    expect((await client.get('/api/categories/agenda/', { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('sends each encoding once, from one serialization: no second compression nor second hash', async () => {
    const plain = await client.getBytes('/api/contacts/');
    const br = await client.getBytes('/api/contacts/', { 'accept-encoding': 'br' });
    const gzip = await client.getBytes('/api/contacts/', { 'accept-encoding': 'gzip' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const answer of [plain, br, gzip]) {
      expect(answer.status).toBe(200);
      expect(answer.headers['etag']).toBe(plain.headers['etag']);
      // Origin too: the same address answers CORS headers by the asking page's origin.
      expect(answer.headers['vary']).toBe('accept-encoding, Origin');
      expect(answer.headers['cache-control']).toBe('public, max-age=60, s-maxage=10');
      expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(Number(answer.headers['content-length'])).toBe(answer.body.length);
    }
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
    expect(Array.isArray(JSON.parse(plain.body.toString('utf8')))).toBe(true);
  });

  it('answers a hit without a single database statement', async () => {
    await client.get('/api/contacts/?title=e');
    const before = statements();
    for (const encoding of ['br', 'gzip', 'identity']) {
      expect((await client.get('/api/contacts/?title=e', { 'accept-encoding': encoding })).status).toBe(200);
    }
    expect(statements()).toBe(before);
  });

  it('keys a query by its meaning, not its spelling: order and coerced values are one answer', async () => {
    const first = await client.get('/api/agenda/?month=3&title=s');
    const before = statements();
    const reordered = await client.get('/api/agenda/?title=s&month=03');
    expect(reordered.headers['etag']).toBe(first.headers['etag']);
    expect(statements()).toBe(before);
  });

  it('runs one computation for concurrent requests of one answer', async () => {
    // Warm: whatever is read once per app (the version, a signing key) is read before counting.
    await client.get('/api/news/actualites/?page_size=4');
    const before = statements();
    await client.get('/api/news/actualites/?page_size=5');
    const one = statements() - before;
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.get('/api/news/actualites/?page_size=6')));
    expect(new Set(answers.map((a) => a.headers['etag'])).size).toBe(1);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(statements() - before - one).toBe(one);
  });

  it('keeps and tags a 404 where an import forgets it, tells no other cache to keep it, and never answers it 304 (RFC 9110 §13.2.1)', async () => {
    const first = await client.get('/api/agenda/999/');
    expect(first.status).toBe(404);
    expect(first.headers['etag']).toBeDefined();
    expect(first.headers['cache-control']).toBe('no-store');
    const before = statements();
    const again = await client.get('/api/agenda/999/', { 'if-none-match': first.headers['etag']! });
    expect(again.status).toBe(404);
    expect(JSON.parse(again.text)).toEqual(JSON.parse(first.text));
    expect(statements()).toBe(before);
  });

  it('keeps no 400: a refused query or cursor is no-store and untagged', async () => {
    for (const path of ['/api/agenda/?month=13', '/api/contacts/?cursor=not-a-cursor']) {
      const answer = await client.get(path);
      expect(answer.status).toBe(400);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['etag']).toBeUndefined();
      expect(JSON.parse(answer.text)).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });

  it('keeps no failure of the database: the next request is answered', async () => {
    failing = true;
    const failed = await client.get('/api/shop/items/');
    failing = false;
    expect(failed.status).toBe(500);
    expect(failed.headers['cache-control']).toBe('no-store');
    const next = await client.get('/api/shop/items/');
    expect(next.status).toBe(200);
    expect(Array.isArray(JSON.parse(next.text))).toBe(true);
  });

  it('keys answers by the day in Zurich: the agenda of another day is asked again', async () => {
    let now = DEMO_NOW;
    const alone = counted(deaf(db));
    const dated = buildApp({ db: alone.db, now: () => now, versionTtlMs: NO_TTL });
    const dayClient = await injectClient(dated);
    await dayClient.get('/api/agenda/1/');
    const before = alone.statements();
    // 23:59 in Zurich is still the same day; one minute after midnight is not.
    now = DEMO_NOW + 12 * 3_600_000 - 60_000;
    await dayClient.get('/api/agenda/1/');
    expect(alone.statements()).toBe(before);
    now = DEMO_NOW + 12 * 3_600_000 + 60_000;
    await dayClient.get('/api/agenda/1/');
    expect(alone.statements()).toBeGreaterThan(before);
    await dated.close();
  });
});

// The import's version: what its notification names (the content API's writes move the versions of parts of the site beside it).
const readContentVersion = async (source: Database): Promise<string> => (await readContentVersions(source)).base;

describe('content versions', () => {
  it('change with each import, a re-import of the same file included, and are announced on commit only', async () => {
    const heard: string[] = [];
    const stop = await db.listen(CONTENT_CHANNEL, (payload) => heard.push(payload));
    try {
      const versions = [await readContentVersion(db)];
      await importContent(db, withContacts(20), 'canton.json');
      versions.push(await readContentVersion(db));
      await importContent(db, withContacts(20), 'canton.json');
      versions.push(await readContentVersion(db));
      await expect(importContent(db, refused(), REFUSED)).rejects.toThrow();
      versions.push(await readContentVersion(db));
      expect(new Set(versions.slice(0, 3)).size).toBe(3);
      expect(versions[3]).toBe(versions[2]);
      // Each announcement names the version it made; the refused import announced nothing. (On
      // PostgreSQL the other test files' imports, in their own schemas, are heard too.)
      await waitFor('two notifications', async () => heard.includes(versions[2] ?? ''), 2_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.filter((payload) => versions.includes(payload))).toEqual([versions[1], versions[2]]);
      expect(heard.filter((payload) => payload.startsWith(`import:${REFUSED}`))).toEqual([]);
    } finally {
      await stop();
    }
  });

  it('change the ETag after an import; a failed import leaves the old answers and their ETags served', async () => {
    const alone = counted(db);
    const app = buildApp({ db: alone.db, versionTtlMs: NO_TTL });
    const client = await injectClient(app);
    try {
      await importContent(db, withContacts(30), 'before.json');
      const before = await client.get('/api/contacts/');
      await expect(importContent(db, refused(), REFUSED)).rejects.toThrow();
      // Whether the version is read again or not (another notification came), it is the same: the
      // cached answer stands, at the cost of that one read at most.
      const statementsBefore = alone.statements();
      const kept = await client.get('/api/contacts/', { 'if-none-match': before.headers['etag']! });
      expect(kept.status).toBe(304);
      expect(alone.statements() - statementsBefore).toBeLessThanOrEqual(1);
      await importContent(db, withContacts(10), 'after.json');
      await waitFor('a new ETag', async () => (await client.get('/api/contacts/')).headers['etag'] !== before.headers['etag'], 2_000);
      const after = await client.get('/api/contacts/', { 'if-none-match': before.headers['etag']! });
      expect(after.status).toBe(200);
      expect(JSON.parse(after.text)).toHaveLength(10);
      // The same bytes under a new version keep their tag: a client's copy is still good.
      await importContent(db, withContacts(10), 'after.json');
      await waitFor(
        'the answer to be made again',
        async () => {
          const statementsNow = alone.statements();
          const answer = await client.get('/api/contacts/', { 'if-none-match': after.headers['etag']! });
          expect(answer.status).toBe(304);
          // More than the version's one read: the answer was made again, under the new version.
          return alone.statements() - statementsNow >= 2;
        },
        2_000,
      );
    } finally {
      await app.close();
    }
  });
});

describe('two instances on one database', () => {
  // PGlite is one process: two apps share its Database object. PostgreSQL: a second pool on the same schema.
  const openSecond = async (): Promise<{ other: Database; close: () => Promise<void> }> => {
    if (testBackend() === 'pglite') return { other: db, close: async () => undefined };
    const schema = (await db.query<{ schema: string }>('select current_schema() as schema'))[0]?.schema ?? 'public';
    const other = await openPostgres(process.env['DATABASE_URL'] ?? '', schema);
    return { other, close: () => other.close() };
  };

  it('hear an import made through either at once, long before the version would be read again', async () => {
    const { other, close } = await openSecond();
    const first = buildApp({ db, versionTtlMs: NO_TTL });
    const second = buildApp({ db: other, versionTtlMs: NO_TTL });
    const [one, two] = [await injectClient(first), await injectClient(second)];
    try {
      await importContent(db, withContacts(40), 'one.json');
      const etag = async (client: TestClient) => (await client.get('/api/contacts/')).headers['etag'];
      await waitFor('both to serve the import', async () => (await etag(one)) === (await etag(two)), 2_000);
      const before = await etag(two);
      // Through the other instance's own database connection this time.
      await importContent(other, withContacts(25), 'two.json');
      const heardIn = await waitFor('the first to serve the second import', async () => (await etag(one)) !== before, 1_000);
      expect(heardIn).toBeLessThan(500);
      await waitFor('the second to serve it too', async () => (await etag(two)) !== before, 1_000);
      expect(JSON.parse((await one.get('/api/contacts/')).text)).toHaveLength(25);
      expect(await etag(one)).toBe(await etag(two));
    } finally {
      await first.close();
      await second.close();
      await close();
    }
  });

  it('without notifications still serve an import within the version TTL', async () => {
    const app = buildApp({ db: deaf(db), versionTtlMs: 300 });
    const client = await injectClient(app);
    try {
      const before = (await client.get('/api/contacts/')).headers['etag'];
      await importContent(db, withContacts(12), 'quiet.json');
      const importedAt = Date.now();
      await waitFor('the import to show', async () => (await client.get('/api/contacts/')).headers['etag'] !== before, 1_000);
      expect(Date.now() - importedAt).toBeLessThan(1_000);
    } finally {
      await app.close();
    }
  });

  it('keep listening after a failed statement, and on PostgreSQL after the listening connection is killed', async () => {
    const heard: string[] = [];
    const stop = await db.listen(CONTENT_CHANNEL, (payload) => heard.push(payload));
    try {
      await expect(db.query('select 1 / 0')).rejects.toThrow();
      if (testBackend() === 'postgres') {
        // A channel of this test only names our listener's connection: its last statement listened to it.
        const probe = `probe_${process.pid}_${Date.now()}`;
        const stopProbe = await db.listen(probe, () => undefined);
        const killed = await db.query<{ done: boolean }>(`select pg_terminate_backend(pid) as done from pg_stat_activity where query = $1`, [`listen "${probe}"`]);
        expect(killed).toEqual([{ done: true }]);
        // Back within the first retry, it tells its listeners that something may have been missed.
        await waitFor('the listener to come back', async () => heard.includes(''), 5_000);
        await stopProbe();
      }
      await importContent(db, withContacts(8), 'after-errors.json');
      const version = await readContentVersion(db);
      await waitFor('the notification', async () => heard.includes(version), 2_000);
    } finally {
      await stop();
    }
  });
});

describe('the bounded cache', () => {
  it('forgets the least recently used entries beyond its count and its bytes', () => {
    const cache = boundedCache<string>({ entries: 3, bytes: 100 }, 'answers');
    cache.set('a', 'A', 10);
    cache.set('b', 'B', 10);
    cache.set('c', 'C', 10);
    expect(cache.get('a')).toBe('A');
    cache.set('d', 'D', 10);
    expect(cache.get('b')).toBeUndefined();
    expect([cache.get('a'), cache.get('c'), cache.get('d')]).toEqual(['A', 'C', 'D']);
    cache.grow('c', 75);
    // 115 bytes: the oldest use (a) goes; c, just grown, stays.
    expect(cache.get('a')).toBeUndefined();
    expect(cache.bytes).toBe(95);
    cache.set('huge', 'H', 101);
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.size).toBe(2);
  });

  it('never holds more than its limits, and counts exactly what it holds', () => {
    const operation = fc.oneof(
      fc.record({ op: fc.constant('set' as const), key: fc.integer({ min: 0, max: 9 }), bytes: fc.integer({ min: 0, max: 60 }) }),
      fc.record({ op: fc.constant('get' as const), key: fc.integer({ min: 0, max: 9 }) }),
      fc.record({ op: fc.constant('grow' as const), key: fc.integer({ min: 0, max: 9 }), bytes: fc.integer({ min: 0, max: 30 }) }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 120 }), fc.array(operation, { maxLength: 60 }), (entries, bytes, operations) => {
        const cache = boundedCache<number>({ entries, bytes }, 'answers');
        // The reference: a list of [key, bytes], least recently used first.
        let model: [number, number][] = [];
        const trim = () => {
          while (model.length > entries || model.reduce((sum, [, b]) => sum + b, 0) > bytes) model = model.slice(1);
        };
        for (const step of operations) {
          const known = model.find(([key]) => key === step.key);
          if (step.op === 'set') {
            model = model.filter(([key]) => key !== step.key);
            if (step.bytes <= bytes) model.push([step.key, step.bytes]);
            trim();
            cache.set(String(step.key), step.key, step.bytes);
          } else if (step.op === 'get') {
            expect(cache.get(String(step.key))).toBe(known === undefined ? undefined : step.key);
            if (known !== undefined) model = [...model.filter(([key]) => key !== step.key), known];
          } else {
            if (known !== undefined) known[1] += step.bytes;
            trim();
            cache.grow(String(step.key), step.bytes);
          }
          expect(cache.size).toBe(model.length);
          expect(cache.bytes).toBe(model.reduce((sum, [, b]) => sum + b, 0));
          expect(cache.size).toBeLessThanOrEqual(entries);
          expect(cache.bytes).toBeLessThanOrEqual(bytes);
        }
      }),
    );
  });

  it('reads If-None-Match as RFC 9110 does: lists, weak tags and the star', () => {
    expect(ifNoneMatchHits('"a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('W/"a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"b" , "a"', '"a"')).toBe(true);
    expect(ifNoneMatchHits('*', '"a"')).toBe(true);
    expect(ifNoneMatchHits('"ab"', '"a"')).toBe(false);
    expect(ifNoneMatchHits(undefined, '"a"')).toBe(false);
  });
});

describe('single flight', () => {
  it('shares one piece of work among the callers of a key while it runs, and starts anew once it settles, failed or not', async () => {
    const once = singleFlight<number>();
    let runs = 0;
    let finish: (value: number) => void = () => undefined;
    const work = () => {
      runs += 1;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const callers = [once('a', work), once('a', work), once('a', work)];
    const other = once('b', async () => 7);
    expect(runs).toBe(1);
    finish(42);
    expect(await Promise.all(callers)).toEqual([42, 42, 42]);
    expect(await other).toBe(7);
    await expect(once('a', async () => Promise.reject(new Error('away')))).rejects.toThrow('away');
    expect(await once('a', async () => 43)).toBe(43);
  });
});

describe('the content version reader', () => {
  /** A database whose reads of the versions end when told, each with the import label it is given. */
  const versionsDatabase = () => {
    const reads: { end: (label: string) => void; fail: () => void }[] = [];
    const db: Queryable = {
      query: <T>() =>
        new Promise<T[]>((resolve, reject) => {
          reads.push({ end: (label) => resolve([{ key: 'content', version: label }] as T[]), fail: () => reject(new Error('connection lost')) });
        }),
    };
    return { db, reads };
  };
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('waits for the first read only: a change is read beside the requests, and refresh resolves once it is known', async () => {
    const { db, reads } = versionsDatabase();
    const reader = contentVersionReader(db, 3_600_000);
    const first = reader.read();
    expect(reads).toHaveLength(1);
    reads[0]!.end('v1');
    expect(await first).toMatch(/^v1\|/);
    // A change: the requests meanwhile keep v1, without waiting; the refresh ends with v2 known.
    const refreshed = reader.refresh();
    expect(reads).toHaveLength(2);
    expect(await reader.read()).toMatch(/^v1\|/);
    let done = false;
    void refreshed.then(() => (done = true));
    await settle();
    expect(done).toBe(false);
    reads[1]!.end('v2');
    await refreshed;
    expect(await reader.read()).toMatch(/^v2\|/);
  });

  it('answers a change during a read with a read that starts after it, one for all who asked meanwhile', async () => {
    const { db, reads } = versionsDatabase();
    const reader = contentVersionReader(db, 3_600_000);
    const first = reader.read();
    reads[0]!.end('v1');
    await first;
    const early = reader.refresh();
    // Two writes commit while that read runs: it may have started before them.
    const late = [reader.refresh(), reader.refresh()];
    expect(reads).toHaveLength(2);
    reads[1]!.end('v2');
    await early;
    await settle();
    expect(reads).toHaveLength(3);
    reads[2]!.end('v3');
    await Promise.all(late);
    expect(await reader.read()).toMatch(/^v3\|/);
  });

  it('reads again beside the requests once the versions are older than the TTL, and keeps them when that read fails', async () => {
    let now = 1_000_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => now);
    try {
      const { db, reads } = versionsDatabase();
      const reader = contentVersionReader(db, 1_000);
      const first = reader.read();
      reads[0]!.end('v1');
      await first;
      now += 999;
      expect(await reader.read()).toMatch(/^v1\|/);
      expect(reads).toHaveLength(1);
      now += 1;
      // Old: answered with v1 at once, one read started for all the requests.
      expect(await Promise.all([reader.read(), reader.read()])).toEqual([expect.stringMatching(/^v1\|/), expect.stringMatching(/^v1\|/)]);
      expect(reads).toHaveLength(2);
      reads[1]!.fail();
      await settle();
      expect(await reader.read()).toMatch(/^v1\|/);
      expect(reads).toHaveLength(3);
      reads[2]!.end('v2');
      await settle();
      expect(await reader.read()).toMatch(/^v2\|/);
    } finally {
      clock.mockRestore();
    }
  });

  it('makes the request wait and ask again while no read has landed yet', async () => {
    const { db, reads } = versionsDatabase();
    const reader = contentVersionReader(db, 3_600_000);
    const failing = reader.read();
    reads[0]!.fail();
    await expect(failing).rejects.toThrow('connection lost');
    const next = reader.read();
    expect(reads).toHaveLength(2);
    reads[1]!.end('v1');
    expect(await next).toMatch(/^v1\|/);
  });
});
