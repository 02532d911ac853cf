import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { writeFakeDist } from './fake-dist';
import { openTestDatabase } from './test-database';

/** The site a test file's tests ask: `app` is the server on the test database with a fake build, ready once they run. */
export interface FakeDistSite {
  readonly app: FastifyInstance;
}

/** Makes the site before the calling file's tests (`beforeAll`) and closes it, its database and its build after them. */
export const fakeDistSite = (): FakeDistSite => {
  let db: Database | null = null;
  let app: FastifyInstance | null = null;
  let dist: ReturnType<typeof writeFakeDist> | null = null;
  beforeAll(async () => {
    dist = writeFakeDist();
    db = await openTestDatabase();
    app = buildApp({ db, distDir: dist.dir });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    dist?.remove();
  });
  return {
    get app(): FastifyInstance {
      if (app === null) throw new Error('the site is made before the tests run (beforeAll)');
      return app;
    },
  };
};
