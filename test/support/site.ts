import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import { ensureTestMedia, openTestDatabase } from './test-database';

// `TEST_DIST_DIR`: a private build, kept apart from builds running meanwhile.
const DIST = process.env['TEST_DIST_DIR'] ?? resolve(__dirname, '../../dist');

/** The built site and its API, served by the real server on a free port of 127.0.0.1. */
export interface RunningSite {
  readonly url: string;
  readonly close: () => Promise<void>;
}

/** Serves `dist/` (run `npm run build` first) with the API on a private copy of the demo database; `extend` adds routes before it listens. */
export const startSite = async (extend?: (app: FastifyInstance) => void): Promise<RunningSite> => {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error('dist/ is missing: run `npm run build` before the browser tests (npm test does it).');
  }
  const db = await openTestDatabase();
  const app = buildApp({ db, distDir: DIST, mediaDir: await ensureTestMedia() });
  // Benchmarks serve their baseline pages from the same server, so both share its headers.
  extend?.(app);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await db.close();
    },
  };
};
