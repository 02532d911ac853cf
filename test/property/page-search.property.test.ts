import fc from 'fast-check';
import { agendaFiltersFromSearch, agendaFiltersToSearch } from '../../src/domain/agenda-filters';
import { QUICK_RANGES } from '../../src/domain/agenda-window';
import { filtersFromSearch, filtersToSearch } from '../../src/domain/directory';
import { PAGE_PARAM, PAST_PARAM, pagesFromSearch, withPages } from '../../src/domain/list-pages';
import { selectionFromSearch, selectionToSearch } from '../../src/domain/news-list';
import { textFromSearch } from '../../src/domain/site-search';
import { pageQueryProblem, pageSearch, reorderedIds, unknownCategory } from '../../server/render/page-queries';
import { runs } from '../support/fuzz-runs';

// The page cache keys a page on the query as `pageSearch` keeps it: whatever a page's own filters
// write into its address must survive it, or two lists would share one cached page.

const id = fc.integer({ min: 1, max: 999 }).map(String);
const text = fc.string({ minLength: 1, maxLength: 30 }).filter((value) => value.trim() !== '' && !/[\u0000-\u001f\u007f]/.test(value));
const pages = fc.integer({ min: 1, max: 20 });
// What a campaign or a hostile link adds to an address: the page must not read it.
const noise = fc.constantFrom('', '&utm_source=lettre', '&fbclid=abc', '&x=1&y=2');

const ascending = (ids: readonly string[]): string[] => [...ids].sort((a, b) => Number(a) - Number(b));

const kept = (page: Parameters<typeof pageSearch>[0], search: string, extra: string): string => pageSearch(page, `${search}${search === '' ? '?' : ''}${extra}`);

describe('the query a page is cached under', () => {
  it('keeps every filter the agenda writes, its pages and past pages, and drops the rest', () => {
    fc.assert(
      fc.property(
        fc.record({
          categories: fc.uniqueArray(id, { maxLength: 4 }),
          month: fc.option(fc.integer({ min: 1, max: 12 })),
          title: fc.option(text),
          range: fc.option(fc.constantFrom(...QUICK_RANGES)),
        }),
        pages,
        pages,
        noise,
        (filters, more, past, extra) => {
          const search = withPages(withPages(agendaFiltersToSearch(filters), more), past, PAST_PARAM, 0);
          const canonical = kept('agenda', search, extra);
          const read = agendaFiltersFromSearch(search);
          // The list as a set: the page redirects an address whose list is in another order (`reorderedIds`).
          expect(agendaFiltersFromSearch(canonical)).toEqual({ ...read, categories: ascending(read.categories) });
          expect([pagesFromSearch(canonical), pagesFromSearch(canonical, PAST_PARAM, 0)]).toEqual([pagesFromSearch(search), pagesFromSearch(search, PAST_PARAM, 0)]);
          expect(canonical).not.toMatch(/utm_|fbclid|[?&][xy]=/);
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('keeps the directory’s text, category and pages', () => {
    fc.assert(
      fc.property(fc.record({ text: fc.oneof(fc.constant(''), text), category: fc.oneof(fc.constant(''), id) }), pages, noise, (filters, more, extra) => {
        const search = withPages(filtersToSearch(filters), more);
        const canonical = kept('directory', search, extra);
        expect(filtersFromSearch(canonical)).toEqual(filtersFromSearch(search));
        expect(pagesFromSearch(canonical, PAGE_PARAM)).toBe(pagesFromSearch(search, PAGE_PARAM));
      }),
      { numRuns: runs(200) },
    );
  });

  it('keeps the news’ categories and pages, and the search page’s text', () => {
    fc.assert(
      fc.property(fc.uniqueArray(id, { maxLength: 4 }), pages, text, noise, (selection, more, query, extra) => {
        const search = withPages(selectionToSearch(selection), more);
        const canonical = kept('news', search, extra);
        expect(selectionFromSearch(canonical)).toEqual(ascending(selectionFromSearch(search)));
        expect(pagesFromSearch(canonical)).toBe(pagesFromSearch(search));
        const asked = `?${new URLSearchParams({ q: query }).toString()}`;
        expect(textFromSearch(kept('search', asked, extra))).toBe(query);
      }),
      { numRuns: runs(200) },
    );
  });

  // Issue 42: a tool's value, a list's order, repeats or zeros, or a page count written `03` made a new page to render and keep.
  const toolValue = fc.string({ maxLength: 20 }).filter((value) => !/[\u0000-\u001f\u007f]/.test(value));
  const listPage = fc.constantFrom(['agenda', 'categories'] as const, ['news', 'categorie'] as const);
  const written = (ids: readonly string[]) =>
    fc
      .subarray([...ids])
      .chain((repeats) => fc.shuffledSubarray([...ids, ...repeats], { minLength: ids.length + repeats.length }))
      .chain((order) => (order.length === 0 ? fc.constant<string[]>([]) : fc.tuple(...order.map((one) => fc.constantFrom(one, `0${one}`, `00${one}`)))));
  const query = (pairs: readonly (readonly [string, string])[]) => `?${new URLSearchParams(pairs.map(([name, value]) => [name, value])).toString()}`;

  it('keys a tool by its presence alone, whatever its value', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('home', 'agenda', 'news', 'directory', 'search'),
        fc.subarray(['journal', 'inspect'], { minLength: 1 }),
        fc.array(toolValue, { minLength: 4, maxLength: 4 }),
        noise,
        (page, tools, values, extra) => {
          const first = query(tools.map((tool, index) => [tool, values[index] ?? '']));
          const second = query(tools.map((tool, index) => [tool, values[index + 2] ?? '']));
          expect(pageQueryProblem(page, first)).toBeNull();
          expect(kept(page, second, extra)).toBe(kept(page, first, ''));
          expect(kept(page, first, '')).toBe(
            `?${tools
              .map((tool) => `${tool}=`)
              .sort()
              .join('&')}`,
          );
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('keys a category list as a set of ids, and a page count as a number', () => {
    fc.assert(
      fc.property(
        listPage,
        fc.uniqueArray(id, { maxLength: 5 }).chain((ids) => fc.tuple(written(ids), written(ids))),
        pages,
        fc.boolean(),
        ([page, name], [first, second], more, zeros) => {
          const count = (text: string): [string, string][] => (text === '' ? [] : [['page', text]]);
          const one = query([...first.map((value): [string, string] => [name, value]), ...count(more === 1 ? '' : String(more))]);
          const other = query([...count(zeros ? `0${more}` : more === 1 ? '' : String(more)), ...second.map((value): [string, string] => [name, value])]);
          expect(pageQueryProblem(page, other)).toBeNull();
          expect(pageSearch(page, other)).toBe(pageSearch(page, one));
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('redirects a list out of order once, to its ascending address that keeps every other parameter', () => {
    fc.assert(
      fc.property(
        listPage,
        fc.uniqueArray(id, { maxLength: 5 }).chain((ids) => written(ids)),
        noise,
        ([page, name], values, extra) => {
          const search = `${query(values.map((value) => [name, value]))}${extra}`;
          const target = reorderedIds(page, search);
          const ascending = [...new Set(values.map(Number))].sort((a, b) => a - b).map(String);
          const given = new URLSearchParams(search).getAll(name);
          if (given.join() === ascending.join()) expect(target).toBeNull();
          else {
            expect(target).not.toBeNull();
            const params = new URLSearchParams(target ?? '');
            expect(params.getAll(name)).toEqual(ascending);
            expect([...params].filter(([key]) => key !== name)).toEqual([...new URLSearchParams(search)].filter(([key]) => key !== name));
            // No loop: the address it leads to is already in order.
            expect(reorderedIds(page, target ?? '')).toBeNull();
          }
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('refuses a list that names a category the page does not have', () => {
    const known = new Set(['1', '2', '3']);
    expect(unknownCategory('news', '?categorie=3&categorie=01', known)).toBeNull();
    expect(unknownCategory('agenda', '?categories=2&categories=9', known)).toEqual({ id: 'errors.query.unknownCategory', values: { name: 'categories' } });
    expect(unknownCategory('directory', '?categorie=Grand+Conseil', known)).toBeNull();
  });
});
