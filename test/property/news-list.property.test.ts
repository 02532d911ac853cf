import fc from 'fast-check';
import { NewsItem } from '../../src/domain/news';
import {
  addCategory,
  appendPage,
  calendarDay,
  dedupeById,
  newsListPath,
  newsPath,
  nextPagePath,
  removeCategory,
  replaceCategories,
  sameSelection,
  selectionFromSearch,
  selectionToSearch,
  type CategorySelection,
} from '../../src/domain/news-list';
import { MAX_PAGE_SIZE, PAGE_SIZES } from '../../src/domain/paging';
import { decodedArbitrary } from '../support/arbitrary-from-codec';

// Few distinct ids, so that repetitions are frequent.
const id = fc.constantFrom('1', '2', '3', '4', '5', '6', '17', 'politique');

type Operation = { kind: 'add'; id: string } | { kind: 'remove'; id: string } | { kind: 'replace'; ids: string[] };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  id.map((value): Operation => ({ kind: 'add', id: value })),
  id.map((value): Operation => ({ kind: 'remove', id: value })),
  fc.array(id, { maxLength: 6 }).map((ids): Operation => ({ kind: 'replace', ids })),
);

const apply = (selection: CategorySelection, op: Operation): CategorySelection => {
  switch (op.kind) {
    case 'add':
      return addCategory(selection, op.id);
    case 'remove':
      return removeCategory(selection, op.id);
    case 'replace':
      return replaceCategories(op.ids);
  }
};

/** The same operations on a JavaScript Set: the reference a selection must behave like. */
const applyToSet = (set: Set<string>, op: Operation): Set<string> => {
  switch (op.kind) {
    case 'add':
      return new Set(set).add(op.id);
    case 'remove': {
      const next = new Set(set);
      next.delete(op.id);
      return next;
    }
    case 'replace':
      return new Set(op.ids);
  }
};

/** News items whose ids are drawn from a few values, so duplicates occur. */
const items = fc.array(
  fc.tuple(decodedArbitrary(NewsItem), id).map(([item, value]) => ({ ...item, id: value })),
  { maxLength: 12 },
);

describe('the selected categories', () => {
  it('behave as a set under any sequence of add, remove and replace', () => {
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), (operations) => {
        let selection: CategorySelection = [];
        let reference = new Set<string>();
        for (const op of operations) {
          selection = apply(selection, op);
          reference = applyToSet(reference, op);
          // Same members, each once, in the order a Set keeps them (the order they were chosen).
          expect(selection).toEqual([...reference]);
        }
      }),
    );
  });

  it('ignore the addition of a category already selected, and the removal of one not selected', () => {
    fc.assert(
      fc.property(fc.array(id), id, (ids, value) => {
        const selection = replaceCategories(ids);
        if (selection.includes(value)) expect(addCategory(selection, value)).toBe(selection);
        else expect(removeCategory(selection, value)).toBe(selection);
      }),
    );
  });

  it('compare as sets', () => {
    fc.assert(
      fc.property(fc.array(id), fc.array(id), (a, b) => {
        expect(sameSelection(replaceCategories(a), replaceCategories(b))).toBe(new Set(a).size === new Set(b).size && a.every((value) => b.includes(value)));
      }),
    );
  });

  it('come back from the page address as they were written', () => {
    fc.assert(fc.property(fc.array(id), (ids) => expect(selectionFromSearch(selectionToSearch(replaceCategories(ids)))).toEqual(replaceCategories(ids))));
    expect(selectionToSearch(['1', '3'])).toBe('?categorie=1&categorie=3');
    expect(selectionFromSearch('?categorie=2&x=1&categorie=&categorie=2')).toEqual(['2']);
  });
});

describe('the news call', () => {
  it('is the plain fetch of the scope with no category, and the filtered fetch with exactly the selection otherwise, both with the page size', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/), fc.array(id), fc.integer({ min: 1, max: MAX_PAGE_SIZE }), (scope, ids, size) => {
        const selection = replaceCategories(ids);
        const path = newsPath(scope, selection, size);
        const list = newsListPath(scope, selection);
        expect(path.startsWith(`${list}?`)).toBe(true);
        const params = new URLSearchParams(path.slice(list.length));
        if (selection.length === 0) {
          expect(list).toBe(`/api/news/${scope}/`);
          expect([...params.keys()]).toEqual(['page_size']);
        } else {
          expect(list).toBe('/api/news/');
          expect([...params.keys()].every((key) => key === 'categories' || key === 'page_size')).toBe(true);
          expect(params.getAll('categories')).toEqual([...selection]);
        }
        expect(params.getAll('page_size')).toEqual([String(size)]);
      }),
    );
    expect(newsPath('actualites', [])).toBe(`/api/news/actualites/?page_size=${PAGE_SIZES.news}`);
  });

  it('keeps a scope inside its path segment', () => {
    expect(newsPath('a/../b?x', [], 24)).toBe('/api/news/a%2F..%2Fb%3Fx/?page_size=24');
  });
});

describe('de-duplication by id', () => {
  it('keeps the first item of each id, in order', () => {
    fc.assert(
      fc.property(items, (list) => {
        const kept = dedupeById(list);
        expect(new Set(kept.map((item) => item.id)).size).toBe(kept.length);
        expect(kept.map((item) => item.id)).toEqual([...new Set(list.map((item) => item.id))]);
        for (const item of kept) expect(item).toBe(list.find((other) => other.id === item.id));
      }),
    );
  });
});

describe('appending a further page', () => {
  it('never repeats an id, keeps what was listed in place and adds every new id in page order', () => {
    fc.assert(
      fc.property(fc.array(items, { maxLength: 5 }), (pages) => {
        let list = dedupeById(pages[0] ?? []);
        for (const page of pages.slice(1)) {
          const before = list;
          list = appendPage(list, page);
          expect(list.slice(0, before.length)).toEqual(before);
          const known = new Set(before.map((item) => item.id));
          expect(list.slice(before.length).map((item) => item.id)).toEqual([...new Set(page.map((item) => item.id))].filter((value) => !known.has(value)));
        }
        expect(new Set(list.map((item) => item.id)).size).toBe(list.length);
      }),
    );
  });
});

describe('the next page link', () => {
  it('keeps the path and query of an absolute link to a news page, so the API base applies', () => {
    fc.assert(
      fc.property(
        fc.webUrl({ withQueryParameters: false, withFragments: false }),
        fc.array(id, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: 2, max: 99 }),
        (origin, ids, page) => {
          const base = new URL(origin);
          const query = `?${ids.map((value) => `categories=${value}`).join('&')}&page=${page}`;
          expect(nextPagePath(`${base.origin}/api/news/${query}`)).toBe(`/api/news/${new URL(`http://x/${query}`).search}`);
        },
      ),
    );
    expect(nextPagePath('https://api.example.ch/v2/api/news/?categories=1&page=2')).toBe('/api/news/?categories=1&page=2');
    expect(nextPagePath('/api/news/?page=3')).toBe('/api/news/?page=3');
  });

  it('gives nothing for a missing link or a link anywhere else', () => {
    for (const next of [
      null,
      undefined,
      '',
      'https://evil.example/steal?page=2',
      'https://x.ch/api/contacts/?page=2',
      'https://x.ch/api/news/actualites/',
      'http://[bad',
    ]) {
      expect(nextPagePath(next)).toBeNull();
    }
  });
});

describe('the calendar day of a news date', () => {
  it('is the day written, whatever the time of day or offset', () => {
    expect(calendarDay('2026-03-01')?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(calendarDay('2026-03-01T23:30:00-05:00')?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(calendarDay(null)).toBeNull();
    expect(calendarDay('hier')).toBeNull();
  });
});
