import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { migrate, MIGRATIONS } from '../../server/data/migrations';
import { HEALTH_PATH, READY_DATABASE_TIMEOUT_MS, READY_PATH } from '../../server/service/health-routes';
import { openEmptyTestDatabase, openTestDatabase } from '../support/test-database';

// Issue 45: a service manager, a container's health check and a load balancer ask whether the
// process lives (/healthz, no database) and whether it can serve visitors (/readyz: the database
// answers within a second, its schema is current, its content is in, the process is not draining).

jest.setTimeout(60_000);

/** A database that can be stopped and started again, or made to hang, around a real one. */
const switchable = (db: Database) => {
  let state: 'up' | 'down' | 'hanging' = 'up';
  const wrapped: Database = {
    ...db,
    query: (sql, params) =>
      state === 'up' ? db.query(sql, params) : state === 'down' ? Promise.reject(new Error('connection refused')) : new Promise(() => undefined),
  };
  return { db: wrapped, set: (next: typeof state) => (state = next) };
};

const ask = async (app: FastifyInstance, url: string, method: 'GET' | 'HEAD' = 'GET') => {
  const answer = await app.inject({ method, url });
  return { status: answer.statusCode, body: answer.body, cacheControl: answer.headers['cache-control'] };
};

describe('on a seeded database', () => {
  let db: Database;
  let draining = false;
  let switched: ReturnType<typeof switchable>;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase();
    switched = switchable(db);
    const log = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    app = buildApp({
      db: switched.db,
      draining: () => draining,
      logger: { level: 'info', stream: log },
      // One uncached answer a minute: a probe every second must never meet it.
      fairUseLimits: { max: 1, windowSeconds: 60 },
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('/healthz and /readyz answer 200, never kept by a cache', async () => {
    expect(await ask(app, HEALTH_PATH)).toEqual({ status: 200, body: 'alive\n', cacheControl: 'no-store' });
    expect(await ask(app, READY_PATH)).toEqual({ status: 200, body: 'ready\n', cacheControl: 'no-store' });
    expect((await ask(app, READY_PATH, 'HEAD')).status).toBe(200);
  });

  it('are never refused by fair use, however often they are asked', async () => {
    const statuses = await Promise.all(Array.from({ length: 30 }, (_, index) => ask(app, index % 2 === 0 ? READY_PATH : HEALTH_PATH)));
    expect(new Set(statuses.map(({ status }) => status))).toEqual(new Set([200]));
  });

  it('are not logged at info, while other requests are', async () => {
    lines.length = 0;
    await ask(app, HEALTH_PATH);
    await ask(app, READY_PATH);
    expect(lines.filter((line) => line.includes(HEALTH_PATH) || line.includes(READY_PATH))).toEqual([]);
    await ask(app, '/api/contacts/');
    expect(lines.some((line) => line.includes('/api/contacts/'))).toBe(true);
  });

  it('/readyz is 503 with the database stopped and 200 again when it returns; /healthz stays 200', async () => {
    switched.set('down');
    expect(await ask(app, READY_PATH)).toEqual({ status: 503, body: 'not ready: database unreachable\n', cacheControl: 'no-store' });
    expect((await ask(app, HEALTH_PATH)).status).toBe(200);
    switched.set('up');
    expect((await ask(app, READY_PATH)).status).toBe(200);
  });

  it('/readyz is 503 when the database takes longer than a second to answer', async () => {
    switched.set('hanging');
    const started = Date.now();
    expect((await ask(app, READY_PATH)).body).toBe('not ready: database too slow\n');
    expect(Date.now() - started).toBeGreaterThanOrEqual(READY_DATABASE_TIMEOUT_MS - 50);
    switched.set('up');
  });

  it('/readyz is 503 while the process drains', async () => {
    draining = true;
    expect(await ask(app, READY_PATH)).toEqual({ status: 503, body: 'not ready: draining\n', cacheControl: 'no-store' });
    expect((await ask(app, HEALTH_PATH)).status).toBe(200);
    draining = false;
  });
});

describe('on a database not ready for visitors', () => {
  let db: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    db = await openEmptyTestDatabase();
    app = buildApp({ db });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await db.close();
  });

  it('/readyz says the schema is not current before the last migration, then that there is no content', async () => {
    expect((await ask(app, READY_PATH)).body).toBe('not ready: schema not current\n');
    await migrate(db, MIGRATIONS.slice(0, -1));
    expect(await ask(app, READY_PATH)).toEqual({ status: 503, body: 'not ready: schema not current\n', cacheControl: 'no-store' });
    await migrate(db);
    expect(await ask(app, READY_PATH)).toEqual({ status: 503, body: 'not ready: no content\n', cacheControl: 'no-store' });
    expect((await ask(app, HEALTH_PATH)).status).toBe(200);
  });
});
