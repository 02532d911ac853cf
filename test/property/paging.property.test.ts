import fc from 'fast-check';
import { of, throwError } from 'rxjs';
import { createActor } from 'xstate';
import { Contact } from '../../src/domain/contact';
import { NewsItem } from '../../src/domain/news';
import { dedupeById } from '../../src/domain/news-list';
import { ListAnswer, listPagePath, MAX_PAGE_SIZE, nextPath, pageSizeOf } from '../../src/domain/paging';
import { directoryMachine, selectHasMore as directoryHasMore, selectShownCount as contactsShown, selectVisibleContacts } from '../../src/machines/directory-machine';
import { newsMachine, selectHasMore as newsHasMore, selectShownCount as newsShown, selectVisibleNews } from '../../src/machines/news-machine';
import { contactActor, contactCategoriesActor, contactsActor, moreContactsActor } from '../../src/services/contacts-service';
import type { AnswerSource, HttpFailure } from '../../src/services/http';
import { moreNewsActor, newsActor, newsCategoriesActor } from '../../src/services/news-service';
import { decodedArbitrary } from '../support/arbitrary-from-codec';

const ORIGIN = 'https://api.example.ch';

/**
 * An API answering the list at `listPath` from `rows`: a reference server in pages of
 * `serverSize` whatever `page_size` says (so a client meets pages larger or smaller than it
 * asked for), with absolute `next` links carrying a cursor; or a legacy one, the whole array.
 */
const api = (listPath: string, rows: readonly unknown[], serverSize: number | 'legacy'): AnswerSource & { calls: string[] } => {
  const calls: string[] = [];
  return {
    base: '',
    calls,
    answer: (path) => {
      calls.push(path);
      const url = new URL(path, ORIGIN);
      if (url.pathname.startsWith('/api/categories/')) return of([]);
      if (url.pathname !== listPath) return throwError((): HttpFailure => ({ _tag: 'HttpError', url: path, status: 404 }));
      if (serverSize === 'legacy') return of(rows);
      const from = Number(url.searchParams.get('cursor') ?? '0');
      const to = from + serverSize;
      const next = new URL(url);
      next.searchParams.set('cursor', String(to));
      return of({ count: rows.length, next: to < rows.length ? next.href : null, results: rows.slice(from, to) });
    },
  };
};

/** Items whose ids come from a small pool, so that the same id appears on several pages. */
const newsRows = fc.array(
  fc.tuple(decodedArbitrary(NewsItem), fc.integer({ min: 1, max: 30 })).map(([item, id]) => ({ ...item, id: String(id) })),
  { maxLength: 60 },
);
const contactRows = fc.array(decodedArbitrary(Contact), { maxLength: 60 });
const serverSize = fc.oneof(fc.constant<'legacy'>('legacy'), fc.integer({ min: 1, max: 25 }));
const clientSize = fc.integer({ min: 1, max: 25 });

describe('paging a list through "Afficher plus"', () => {
  it('shows every news item once, in the server’s order, whatever the page sizes, legacy array or pages', () => {
    fc.assert(
      fc.property(newsRows, serverSize, clientSize, (rows, server, size) => {
        const source = api('/api/news/actualites/', rows, server);
        const machine = newsMachine.provide({
          actors: { loadNews: newsActor(source, 'actualites', size), loadMore: moreNewsActor(source), loadCategories: newsCategoriesActor(source, 'actualites') },
        });
        const actor = createActor(machine, { input: { pageSize: size } }).start();
        const expected = dedupeById(rows).map((item) => item.id);
        let shown = newsShown(actor.getSnapshot());
        // Each step shows at most a page more, and never takes back what was shown.
        expect(shown).toBeLessThanOrEqual(size);
        for (let clicks = 0; newsHasMore(actor.getSnapshot()); clicks += 1) {
          expect(clicks).toBeLessThanOrEqual(rows.length);
          actor.send({ type: 'LOAD_MORE' });
          const now = newsShown(actor.getSnapshot());
          expect(now - shown).toBeLessThanOrEqual(size);
          expect(now).toBeGreaterThanOrEqual(shown);
          shown = now;
        }
        const snapshot = actor.getSnapshot();
        expect(
          selectVisibleNews(snapshot)
            .slice(0, newsShown(snapshot))
            .map((item) => item.id),
        ).toEqual(expected);
        // A legacy array is asked for once: every further step is revealed without a request.
        if (server === 'legacy') expect(source.calls.filter((path) => path.startsWith('/api/news/'))).toHaveLength(1);
        actor.stop();
      }),
    );
  });

  it('shows every contact once, in the server’s order, whatever the page sizes, legacy array or pages', () => {
    fc.assert(
      fc.property(contactRows, serverSize, clientSize, (rows, server, size) => {
        const source = api('/api/contacts/', rows, server);
        const machine = directoryMachine.provide({
          actors: {
            loadContacts: contactsActor(source, size),
            loadMore: moreContactsActor(source),
            loadContact: contactActor(source),
            loadCategories: contactCategoriesActor(source),
          },
        });
        const actor = createActor(machine, { input: { pageSize: size } }).start();
        for (let clicks = 0; directoryHasMore(actor.getSnapshot()); clicks += 1) {
          expect(clicks).toBeLessThanOrEqual(rows.length);
          const before = contactsShown(actor.getSnapshot());
          actor.send({ type: 'LOAD_MORE' });
          expect(contactsShown(actor.getSnapshot())).toBeGreaterThan(before);
        }
        const snapshot = actor.getSnapshot();
        expect(selectVisibleContacts(snapshot).slice(0, contactsShown(snapshot))).toEqual(rows);
        // The count is the server's (or the whole array's) from the first answer on.
        if (rows.length > 0) expect(snapshot.context.count).toBe(rows.length);
        actor.stop();
      }),
    );
  });
});

describe('a list answer', () => {
  it('decodes a legacy array and a page alike, the array as the whole list', () => {
    const Answer = ListAnswer(NewsItem);
    fc.assert(
      fc.property(newsRows, fc.integer({ min: 0, max: 70 }), fc.option(fc.webUrl(), { nil: null }), (rows, count, next) => {
        const whole = Answer.decode(rows);
        const page = Answer.decode({ count, next, results: rows });
        expect(whole._tag).toBe('Right');
        expect(page._tag).toBe('Right');
        if (whole._tag === 'Right' && page._tag === 'Right') {
          expect(whole.right).toEqual({ items: page.right.items, next: null, count: rows.length, whole: true });
          expect(page.right).toMatchObject({ next, count, whole: false });
        }
      }),
    );
    expect(Answer.decode({ results: 'no' })._tag).toBe('Left');
  });
});

describe('the path of a further page', () => {
  const base = fc.constantFrom('', 'https://api.example.ch', 'https://api.example.ch/v2', '/prefix');
  const query = fc.array(fc.tuple(fc.constantFrom('categories', 'title', 'page_size', 'cursor'), fc.string({ maxLength: 8 })), { maxLength: 4 });

  it('is the link’s path and query under the widget’s base, for a link of the same list only', () => {
    fc.assert(
      fc.property(
        base,
        fc.constantFrom('/api/contacts/', '/api/news/', '/api/news/actualites/'),
        query,
        fc.webUrl({ withQueryParameters: false, withFragments: false }),
        (prefix, list, params, host) => {
          const search = new URLSearchParams(params).toString();
          const tail = `${list}${search === '' ? '' : `?${search}`}`;
          const expected = `${list}${new URL(tail, ORIGIN).search}`;
          // A link built by the server from its own host, under the base's path.
          const basePath = prefix.startsWith('http') ? new URL(prefix).pathname.replace(/\/$/, '') : prefix;
          expect(listPagePath(`${new URL(host).origin}${basePath}${tail}`, prefix, list)).toBe(expected);
          expect(listPagePath(`${prefix}${tail}`, prefix, list)).toBe(expected);
          expect(nextPath(`${prefix}${tail}`, prefix)).toBe(tail);
        },
      ),
    );
  });

  it('is nothing for a missing link or one to another list', () => {
    for (const next of [
      null,
      undefined,
      '',
      'https://evil.example/steal?cursor=2',
      'https://x.ch/api/contacts/?cursor=2',
      'https://x.ch/api/news/actualites/x/',
      'http://[bad',
    ]) {
      expect(listPagePath(next, '', '/api/news/actualites/')).toBeNull();
    }
  });
});

describe('pageSizeOf (a container’s data-page-size)', () => {
  it('takes a whole number from 1 to the largest page size, spaces around it allowed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: MAX_PAGE_SIZE }),
        fc.constantFrom('', ' ', '  '),
        fc.integer({ min: 1, max: MAX_PAGE_SIZE }),
        (size, space, fallback) => {
          expect(pageSizeOf(`${space}${size}${space}`, fallback)).toBe(size);
        },
      ),
    );
  });

  it('keeps the widget’s own size for anything else: missing, 0, too large, signed, decimal, words', () => {
    const wrong = fc.oneof(
      fc.constant(null),
      fc.integer({ min: MAX_PAGE_SIZE + 1 }).map(String),
      fc.integer({ max: 0 }).map(String),
      fc.constantFrom('', '0', '+5', '-5', '5.0', '1e1', '0x10', 'dix', '12 24', '٣'),
      fc.string().filter((text) => !/^\s*\d+\s*$/.test(text)),
    );
    fc.assert(
      fc.property(wrong, fc.integer({ min: 1, max: MAX_PAGE_SIZE }), (attribute, fallback) => {
        expect(pageSizeOf(attribute, fallback)).toBe(fallback);
      }),
    );
  });
});
