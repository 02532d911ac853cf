import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { DatabaseBusyError } from '../../server/data/database-errors';
import { REQUEST_ID_HEADER } from '../../server/service/request-log';
import { closeOpened } from '../support/close-opened';
import { DIST, parseHtml, RENDERED_SITE_ORIGIN, refusingDatabase } from '../support/rendered-pages';
import { ensureTestMedia, openTestDatabase } from '../support/test-database';

// Issue 45: a request's id is sent back in X-Request-Id and printed on the error page as a
// reference a visitor can quote. Error pages are rendered once and kept (a crawl's 404s, an unknown
// slug's 404 in the answer cache): each answer must still show its own request's id, never a kept one.

jest.setTimeout(120_000);

let db: Database;
let app: FastifyInstance;
let broken: FastifyInstance;
let busy: FastifyInstance;

// A database that fails as a defect would (500), and one whose queue is full (503).
const busyDatabase = (): Database => {
  const refuse = (): Promise<never> => Promise.reject(new DatabaseBusyError());
  return { kind: 'pglite', query: refuse, transaction: refuse, listen: refuse, close: async () => undefined };
};

beforeAll(async () => {
  db = await openTestDatabase();
  const common = { distDir: DIST, mediaDir: await ensureTestMedia(), publicOrigin: RENDERED_SITE_ORIGIN, trustProxy: '127.0.0.1' };
  app = buildApp({ db, ...common, fairUseLimits: { max: 1, windowSeconds: 60 } });
  broken = buildApp({ db: refusingDatabase(), ...common });
  busy = buildApp({ db: busyDatabase(), ...common });
  await Promise.all([app.ready(), broken.ready(), busy.ready()]);
});

afterAll(async () => {
  await closeOpened(app, broken, busy, db);
});

interface Answer {
  readonly status: number;
  readonly id: string;
  readonly cacheControl: string;
  /** The error page's reference sentence, as a visitor reads it. */
  readonly reference: string;
}

/** A GET from the client at `address` (as the trusted proxy names it), its body decoded whatever the encoding. */
const get = async (target: FastifyInstance, url: string, headers: Record<string, string> = {}, address = '198.51.100.1'): Promise<Answer> => {
  const answer = await target.inject({ method: 'GET', url, headers: { 'x-forwarded-for': address, ...headers } });
  const encoding = answer.headers['content-encoding'];
  const bytes = answer.rawPayload;
  const html = (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8');
  expect(html).not.toContain('@@request-reference@@');
  return {
    status: answer.statusCode,
    id: String(answer.headers[REQUEST_ID_HEADER]),
    cacheControl: String(answer.headers['cache-control']),
    reference: parseHtml(html).querySelector('main .reference')?.textContent ?? '',
  };
};

describe("an error page's reference", () => {
  it.each([
    ['/nulle-part/', 'Référence à donner si vous nous écrivez au sujet de cette erreur : '],
    ['/de/nulle-part/', 'Referenz, die Sie angeben, wenn Sie uns wegen dieses Fehlers schreiben: '],
    ['/it/nulle-part/', 'Riferimento da indicare se ci scrivete a proposito di questo errore: '],
    ['/en/nulle-part/', 'Reference to give if you write to us about this error: '],
  ])('is the answer’s own request id on the 404 page of %s, at each visit', async (url, sentence) => {
    const first = await get(app, url);
    const second = await get(app, url);
    expect(first.status).toBe(404);
    expect(first.cacheControl).toBe('no-store');
    expect(first.reference).toBe(`${sentence}${first.id}`);
    expect(second.reference).toBe(`${sentence}${second.id}`);
    expect(second.id).not.toBe(first.id);
  });

  it("is this request's on an unknown contact's 404, which the answer cache keeps, in every encoding", async () => {
    const url = '/annuaire/personne-inconnue/';
    const answers = [await get(app, url), await get(app, url, { 'accept-encoding': 'br' }), await get(app, url, { 'accept-encoding': 'gzip' })];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(answer.reference.endsWith(` : ${answer.id}`)).toBe(true);
    }
    expect(new Set(answers.map((answer) => answer.id)).size).toBe(3);
  });

  it("is the trusted proxy's X-Request-Id when it gives one", async () => {
    const answer = await get(app, '/nulle-part/', { [REQUEST_ID_HEADER]: '0123456789abcdef0123456789abcdef' });
    expect(answer.id).toBe('0123456789abcdef0123456789abcdef');
    expect(answer.reference.endsWith(' : 0123456789abcdef0123456789abcdef')).toBe(true);
  });

  it('is printed on the fair-use refusal (429)', async () => {
    const address = '203.0.113.9';
    expect((await get(app, '/annuaire/?q=alpha', {}, address)).status).toBe(200);
    const refused = await get(app, '/de/annuaire/?q=beta', {}, address);
    expect(refused.status).toBe(429);
    expect(refused.reference).toBe(`Referenz, die Sie angeben, wenn Sie uns wegen dieses Fehlers schreiben: ${refused.id}`);
  });

  it.each([
    ['a page that fails (500)', () => broken, 500],
    ['the page answered while the database is busy (503)', () => busy, 503],
  ])('is printed on %s, at each visit', async (_name, target, status) => {
    const first = await get(target(), '/annuaire/');
    const second = await get(target(), '/annuaire/', { 'accept-encoding': 'br' });
    for (const answer of [first, second]) {
      expect(answer.status).toBe(status);
      expect(answer.reference.endsWith(` : ${answer.id}`)).toBe(true);
    }
    expect(second.id).not.toBe(first.id);
  });

  // The router's own refusal is answered without the hooks that send the id: it is sent there too.
  it('is printed on the 400 page of an address the router cannot read, and sent in X-Request-Id', async () => {
    const answer = await get(app, '/actualites/%E0%A4%A/');
    expect(answer.status).toBe(400);
    expect(answer.reference.endsWith(` : ${answer.id}`)).toBe(true);
  });
});
