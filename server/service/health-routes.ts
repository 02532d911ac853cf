import type { FastifyInstance, FastifyReply } from 'fastify';
import { contentLabel } from '../data/content';
import type { Database } from '../data/database';
import { MIGRATIONS } from '../data/migrations';

/**
 * The addresses a service manager, a container's health check or a load balancer asks: is the
 * process alive (`/healthz`), and should it get visitors (`/readyz`). Neither is cached, counted by
 * fair use, or logged below a warning: a probe every few seconds would otherwise fill the log.
 */

/** Where the process says it is alive: it answers, whatever its database does. */
export const HEALTH_PATH = '/healthz';

/** Where the process says it can serve visitors: its database answers, its schema is current, its content is in, it is not draining. */
export const READY_PATH = '/readyz';

/** How long the readiness check waits for the database before it says not ready. */
export const READY_DATABASE_TIMEOUT_MS = 1_000;

/** What the readiness check reads: the database itself (not behind the queue of uncached work), and whether the process is draining. */
export interface HealthOptions {
  readonly db: Database;
  readonly draining: () => boolean;
}

/** Why a process is not ready, or `null` when it is. */
type NotReady = 'draining' | 'database unreachable' | 'database too slow' | 'schema not current' | 'no content';

const LATEST_MIGRATION = Math.max(...MIGRATIONS.map((migration) => migration.version));

const timedOut = (ms: number): Promise<'timeout'> => new Promise((done) => setTimeout(() => done('timeout'), ms).unref());

const databaseProblem = async (db: Database): Promise<NotReady | null> => {
  try {
    // A database never migrated has no table of its migrations yet: not current, rather than unreachable.
    const [table] = await db.query<{ found: string | null }>("select to_regclass('schema_migrations')::text as found");
    if (table?.found === null || table === undefined) return 'schema not current';
    const [latest] = await db.query<{ version: number | null }>('select max(version) as version from schema_migrations');
    if (latest?.version !== LATEST_MIGRATION) return 'schema not current';
    return (await contentLabel(db)) === null ? 'no content' : null;
  } catch {
    return 'database unreachable';
  }
};

const readiness = async ({ db, draining }: HealthOptions): Promise<NotReady | null> => {
  if (draining()) return 'draining';
  const found = await Promise.race([databaseProblem(db), timedOut(READY_DATABASE_TIMEOUT_MS)]);
  return found === 'timeout' ? 'database too slow' : found;
};

const plain = (reply: FastifyReply, status: number, text: string): FastifyReply =>
  reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(`${text}\n`);

/** Registers `/healthz` and `/readyz` (GET and HEAD): `200` or `503` with a one-line reason, `no-store`, logged only at warning. */
export const registerHealthRoutes = (app: FastifyInstance, options: HealthOptions): void => {
  app.get(HEALTH_PATH, { logLevel: 'warn' }, async (_request, reply) => plain(reply, 200, 'alive'));
  app.get(READY_PATH, { logLevel: 'warn' }, async (_request, reply) => {
    const problem = await readiness(options);
    return problem === null ? plain(reply, 200, 'ready') : plain(reply, 503, `not ready: ${problem}`);
  });
};
