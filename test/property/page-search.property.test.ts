import fc from 'fast-check';
import { agendaFiltersFromSearch, agendaFiltersToSearch } from '../../src/domain/agenda-filters';
import { QUICK_RANGES } from '../../src/domain/agenda-window';
import { filtersFromSearch, filtersToSearch } from '../../src/domain/directory';
import { PAGE_PARAM, PAST_PARAM, pagesFromSearch, withPages } from '../../src/domain/list-pages';
import { selectionFromSearch, selectionToSearch } from '../../src/domain/news-list';
import { textFromSearch } from '../../src/domain/site-search';
import { pageSearch } from '../../server/render/page-queries';
import { runs } from '../support/fuzz-runs';

// The page cache keys a page on the query as `pageSearch` keeps it: whatever a page's own filters
// write into its address must survive it, or two lists would share one cached page.

const id = fc.integer({ min: 1, max: 999 }).map(String);
const text = fc.string({ minLength: 1, maxLength: 30 }).filter((value) => value.trim() !== '' && !/[\u0000-\u001f\u007f]/.test(value));
const pages = fc.integer({ min: 1, max: 20 });
// What a campaign or a hostile link adds to an address: the page must not read it.
const noise = fc.constantFrom('', '&utm_source=lettre', '&fbclid=abc', '&x=1&y=2');

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
          expect(agendaFiltersFromSearch(canonical)).toEqual(agendaFiltersFromSearch(search));
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
        expect(selectionFromSearch(canonical)).toEqual(selectionFromSearch(search));
        expect(pagesFromSearch(canonical)).toBe(pagesFromSearch(search));
        const asked = `?${new URLSearchParams({ q: query }).toString()}`;
        expect(textFromSearch(kept('search', asked, extra))).toBe(query);
      }),
      { numRuns: runs(200) },
    );
  });
});
