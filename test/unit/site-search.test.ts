import {
  moveHighlight,
  searchCapped,
  searchHits,
  searchPageQuery,
  searchQuery,
  searchTotal,
  textFromSearch,
  type SiteSearchAnswer,
} from '../../src/domain/site-search';

const answer = (groups: SiteSearchAnswer['groups']): SiteSearchAnswer => ({ query: 'ro', groups });
const contact = { title: 'Hélène Rochat', path: '/annuaire/helene-rochat/', match: 'title' as const };

describe('searchQuery', () => {
  it('collapses white space, trims and keeps at most 200 characters, trimmed again after the cut', () => {
    expect(searchQuery('  Hélène   Rochat \t')).toBe('Hélène Rochat');
    expect(searchQuery(` ${'a'.repeat(200)}b`)).toBe('a'.repeat(200));
    expect(searchQuery(`${'a'.repeat(199)} b`)).toBe('a'.repeat(199));
  });

  it('drops the control characters that cannot be typed', () => {
    expect(searchQuery('Ro\u0007ch\u001fat\u007f')).toBe('Rochat');
  });

  it('puts nothing in the search page’s address for a text that searches nothing', () => {
    expect(searchPageQuery('a')).toBe('');
    expect(searchPageQuery(' Rochat ')).toBe('?q=Rochat');
  });

  it('reads back the text of a search page address, as typed, or nothing', () => {
    expect(textFromSearch('?q=R%C3%A9+gie&x=1')).toBe('Ré gie');
    expect(textFromSearch('')).toBe('');
  });
});

describe('the results of an answer', () => {
  it('are none without an answer', () => {
    expect(searchHits(null)).toStrictEqual([]);
    expect(searchTotal(null)).toBe(0);
    expect(searchCapped(null)).toBe(false);
  });

  it('are capped when one group says so, and only then', () => {
    expect(searchCapped(answer([{ kind: 'contacts', count: 1, results: [contact] }]))).toBe(false);
    expect(searchCapped(answer([{ kind: 'contacts', count: 1, results: [contact], capped: false }]))).toBe(false);
    expect(
      searchCapped(
        answer([
          { kind: 'contacts', count: 500, results: [contact], capped: true },
          { kind: 'news', count: 0, results: [] },
        ]),
      ),
    ).toBe(true);
  });
});

describe('moveHighlight', () => {
  it('moves one option down or up, wrapping at both ends', () => {
    expect([moveHighlight(0, 1, 3), moveHighlight(2, 1, 3), moveHighlight(0, -1, 3), moveHighlight(1, -1, 3)]).toStrictEqual([1, 0, 2, 0]);
    expect([moveHighlight(null, 1, 3), moveHighlight(null, -1, 3), moveHighlight(5, 1, 3), moveHighlight(0, 1, 0)]).toStrictEqual([0, 2, 0, null]);
  });
});
