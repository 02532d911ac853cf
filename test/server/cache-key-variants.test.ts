import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { closeOpened } from '../support/close-opened';
import { counted } from '../support/counted-database';
import { demo, DEMO_NOW } from '../support/demo-expectations';
import { runs } from '../support/fuzz-runs';
import { injectClient, type HttpAnswer, type TestClient } from '../support/http-client';
import { DIST, RENDERED_SITE_ORIGIN } from '../support/rendered-pages';
import { ensureTestMedia, openTestDatabase } from '../support/test-database';

// Issue 42, finding 1: `?journal=<random>` made a new page to render and keep at every request,
// emptying the page cache, and `categories=1…8&categories=<random>` a new answer of the same heavy
// list (seconds of database work each). Two addresses that differ only in a tool's value, the order
// or repetition of a list, the way an id is written, or ids that name nothing, are one cache entry:
// the second costs no database statement and no rendering (or is refused, for a page's unknown id).

jest.setTimeout(600_000);

let inner: Database;
let app: FastifyInstance;
let client: TestClient;
let statements: () => number = () => 0;
// Every answer a rendering asks for: a page served from the cache asks none.
let rendered = 0;

beforeAll(async () => {
  inner = await openTestDatabase();
  const watched = counted(inner);
  statements = watched.statements;
  app = buildApp({
    // On PostgreSQL, the other test files' writes announce themselves on the same channel (NOTIFY is per
    // database, their schemas are not): this app, whose content does not change, does not listen, so a
    // kept answer never pays a re-read of the version for another file's import.
    db: { ...watched.db, listen: async () => async () => undefined },
    distDir: DIST,
    mediaDir: await ensureTestMedia(),
    publicOrigin: RENDERED_SITE_ORIGIN,
    now: () => DEMO_NOW,
    // The content does not change here: the version is read once, not once a second.
    versionTtlMs: 3_600_000,
    pages: (own) => ({
      ...own,
      answers: (path, headers) => {
        rendered += 1;
        return own.answers(path, headers);
      },
    }),
  });
  client = await injectClient(app);
});

afterAll(async () => {
  await closeOpened(app, inner);
});

const AGENDA_CATEGORIES = demo.agenda_categories.map((category) => category.id);
const NEWS_CATEGORIES = demo.news_categories.filter((category) => category.scope === 'actualites').map((category) => category.id);
const KNOWN = new Set([...AGENDA_CATEGORIES, ...demo.news_categories.map((category) => category.id)]);

/** Ids no category of the demo has (none of either list, nor of another news scope). */
const unknownIds = fc.uniqueArray(
  fc.integer({ min: 1, max: 999_999_999 }).filter((id) => !KNOWN.has(id)),
  { maxLength: 3 },
);

/** A set of ids as an address may write it: any order, some repeated, some with leading zeros. */
const writtenAs = (ids: readonly number[]): fc.Arbitrary<string[]> =>
  fc
    .subarray([...ids])
    .chain((repeats) => fc.shuffledSubarray([...ids, ...repeats], { minLength: ids.length + repeats.length }))
    .chain((order) => (order.length === 0 ? fc.constant([]) : fc.tuple(...order.map((id) => fc.constantFrom(String(id), `0${id}`, `00${id}`)))));

const listOf = (name: string, values: readonly string[]): string[] => values.map((value) => `${name}=${value}`);

const address = (path: string, parts: readonly string[]): string => (parts.length === 0 ? path : `${path}?${parts.join('&')}`);

/** What one request cost: its answer, the statements the database ran and the answers renderings asked for. */
const costOf = async (path: string): Promise<{ answer: HttpAnswer; statements: number; rendered: number; redirected: boolean }> => {
  const [statementsBefore, renderedBefore] = [statements(), rendered];
  let answer = await client.get(path);
  // A page whose category list is in another order is sent to its one address (no rendering).
  const redirected = answer.status === 301;
  if (redirected) answer = await client.get(answer.headers['location'] ?? '');
  return { answer, statements: statements() - statementsBefore, rendered: rendered - renderedBefore, redirected };
};

// A kept answer is a 200, or a 404 (a page number past an empty list's end).
const expectOneEntry = async (first: string, second: string): Promise<void> => {
  const kept = await costOf(first);
  expect({ first, kept: [200, 404].includes(kept.answer.status) }).toEqual({ first, kept: true });
  const again = await costOf(second);
  expect({ second, status: again.answer.status, etag: again.answer.headers['etag'], statements: again.statements, rendered: again.rendered }).toEqual({
    second,
    status: kept.answer.status,
    etag: kept.answer.headers['etag'],
    statements: 0,
    rendered: 0,
  });
};

// Known ids (maybe none) and two sets of unknown ones; a list of unknown ids only matches nothing,
// which no list without ids is: both lists then name some, or neither does.
const idLists = (known: readonly number[]) =>
  fc.record({ known: fc.subarray([...known]), first: unknownIds, second: unknownIds }).map(({ known: chosen, first, second }) => {
    if (chosen.length > 0 || first.length > 0 === second.length > 0) return { known: chosen, first, second };
    return { known: chosen, first: first.length > 0 ? first : [987_654_321], second: second.length > 0 ? second : [987_654_321] };
  });

describe('the API answer cache', () => {
  it('keeps one answer for a list in any order, repeated, written with zeros, or with ids that name nothing', async () => {
    const apiCase = fc.oneof(
      fc.record({
        path: fc.constant('/api/agenda/'),
        name: fc.constant('categories'),
        lists: idLists(AGENDA_CATEGORIES),
        rest: fc.constantFrom([], ['page_size=3'], ['month=12', 'page_size=50'], ['period=past']),
      }),
      fc.record({
        path: fc.constant('/api/news/'),
        name: fc.constant('categories'),
        lists: idLists(NEWS_CATEGORIES),
        rest: fc.constantFrom([], ['page_size=5'], ['page=2', 'page_size=2']),
      }),
    );
    await fc.assert(
      fc.asyncProperty(
        apiCase.chain((kase) =>
          fc.record({
            kase: fc.constant(kase),
            first: writtenAs([...kase.lists.known, ...kase.lists.first]),
            second: writtenAs([...kase.lists.known, ...kase.lists.second]),
            order: fc.boolean(),
          }),
        ),
        async ({ kase, first, second, order }) => {
          const parts = (ids: readonly string[]) => (order ? [...listOf(kase.name, ids), ...kase.rest] : [...kase.rest, ...listOf(kase.name, ids)]);
          await expectOneEntry(address(kase.path, parts(first)), address(kase.path, parts(second)));
        },
      ),
      { numRuns: runs(60) },
    );
  });

  it('keeps one answer for the site search whatever the order and repeats of its kinds', async () => {
    const kinds = fc.subarray(['contacts', 'events', 'news'], { minLength: 1 });
    await fc.assert(
      fc.asyncProperty(
        kinds.chain((chosen) => fc.tuple(writtenKinds(chosen), writtenKinds(chosen))),
        async ([first, second]) => {
          await expectOneEntry(address('/api/search/', ['q=conseil', ...listOf('kind', first)]), address('/api/search/', [...listOf('kind', second), 'q=conseil']));
        },
      ),
      { numRuns: runs(20) },
    );
  });
});

// Kinds in any order, one repeated at most (the route takes three values at most).
const writtenKinds = (kinds: readonly string[]): fc.Arbitrary<string[]> =>
  fc.shuffledSubarray([...kinds], { minLength: kinds.length }).chain((order) => fc.constantFrom(order, [...order, order[0] ?? 'news'].slice(0, 3)));

/** A tool's value as an address may carry it: none, a word, a WebSocket address, anything encoded. */
const toolValue = fc
  .oneof(
    fc.constant(''),
    fc.constantFrom('1', 'ws://localhost:8082'),
    fc.string({ maxLength: 12 }).filter((value) => !/[\u0000-\u001f\u007f]/.test(value)),
  )
  .map(encodeURIComponent);

describe('the page cache', () => {
  const pageCase = fc.oneof(
    fc.record({ path: fc.constantFrom('/agenda/', '/en/agenda/'), name: fc.constant<string | null>('categories'), known: fc.subarray(AGENDA_CATEGORIES) }),
    fc.record({ path: fc.constantFrom('/actualites/', '/de/actualites/'), name: fc.constant<string | null>('categorie'), known: fc.subarray(NEWS_CATEGORIES) }),
    fc.record({ path: fc.constantFrom('/', '/annuaire/'), name: fc.constant<string | null>(null), known: fc.constant<number[]>([]) }),
  );

  it('keeps one page for a tool’s value, a list in any order or repeated, and a page count written another way', async () => {
    await fc.assert(
      fc.asyncProperty(
        pageCase.chain((kase) =>
          fc.record({
            kase: fc.constant(kase),
            written: writtenAs(kase.known),
            tools: fc.subarray(['journal', 'inspect'], { minLength: 1 }),
            values: fc.tuple(toolValue, toolValue, toolValue, toolValue),
            pages: fc.constantFrom(1, 2),
            zeros: fc.boolean(),
          }),
        ),
        async ({ kase, written, tools, values, pages, zeros }) => {
          const ascending = [...kase.known].sort((a, b) => a - b).map(String);
          const pageOf = (count: string | null) => (kase.name === null || count === null ? [] : [`page=${count}`]);
          const first = [...(kase.name === null ? [] : listOf(kase.name, ascending)), ...pageOf(pages === 1 ? null : String(pages))];
          const second = [...(kase.name === null ? [] : listOf(kase.name, written)), ...pageOf(zeros ? `0${pages}` : pages === 1 ? null : String(pages))];
          const toolsOf = (offset: number) => tools.map((tool, index) => `${tool}=${values[offset + index] ?? ''}`);
          await expectOneEntry(address(kase.path, [...first, ...toolsOf(0)]), address(kase.path, [...toolsOf(2), ...second]));
        },
      ),
      { numRuns: runs(30) },
    );
  });

  it('refuses a category id that names no category of the page, without a rendering', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(['/agenda/', 'categories', AGENDA_CATEGORIES] as const, ['/actualites/', 'categorie', NEWS_CATEGORIES] as const),
        unknownIds.filter((ids) => ids.length > 0),
        async ([path, name, known], unknown) => {
          // The page's categories are read once per content version: read here already.
          expect((await costOf(address(path, listOf(name, [String(known[0])])))).answer.status).toBe(200);
          const ids = [...known.slice(0, 2), ...unknown].sort((a, b) => a - b).map(String);
          const refused = await costOf(address(path, listOf(name, ids)));
          expect({ status: refused.answer.status, rendered: refused.rendered, statements: refused.statements }).toEqual({ status: 400, rendered: 0, statements: 0 });
          expect(refused.answer.text).toContain(name);
        },
      ),
      { numRuns: runs(20) },
    );
  });

  it('keeps one fragment for a category list in any order or repeated (a fragment is never redirected)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.subarray(NEWS_CATEGORIES, { minLength: 1 }).chain((known) => fc.tuple(writtenAs(known), writtenAs(known))),
        async ([first, second]) => {
          const kept = await costOf(address('/fragments/news/', ['lang=fr', ...listOf('categorie', first)]));
          const again = await costOf(address('/fragments/news/', [...listOf('categorie', second), 'lang=fr']));
          expect({
            redirected: again.redirected,
            status: again.answer.status,
            etag: again.answer.headers['etag'],
            statements: again.statements,
            rendered: again.rendered,
          }).toEqual({
            redirected: false,
            status: 200,
            etag: kept.answer.headers['etag'],
            statements: 0,
            rendered: 0,
          });
        },
      ),
      { numRuns: runs(15) },
    );
  });
});
