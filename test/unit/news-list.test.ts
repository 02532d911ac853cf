import { categoryTitles, newsArticlePath, newsCategoriesPath, nextPagePath, sameSelection, selectionFromSearch } from '../../src/domain/news-list';

describe('the news list', () => {
  it('compares selections as sets', () => {
    expect(sameSelection(['1', '2'], ['2', '1'])).toBe(true);
    expect(sameSelection(['1', '2'], ['1', '3'])).toBe(false);
    expect(sameSelection(['1'], ['1', '2'])).toBe(false);
    expect(sameSelection([], [])).toBe(true);
  });

  it('reads the selection of an address trimmed, each once, empty values aside', () => {
    expect(selectionFromSearch('?categorie=%201%20&categorie=2&categorie=1&categorie=%20&q=x')).toStrictEqual(['1', '2']);
  });

  it('follows a next link of the news list by default, and of no other list', () => {
    expect(nextPagePath('https://api.example/api/news/?cursor=abc')).toBe('/api/news/?cursor=abc');
    expect(nextPagePath('https://api.example/api/contacts/?cursor=abc')).toBeNull();
    expect(nextPagePath(null)).toBeNull();
  });

  it('tags an item with its categories’ titles, none without categories', () => {
    expect(
      categoryTitles({
        id: '1',
        categories: [
          { id: '3', title: 'Finances' },
          { id: '4', title: 'Culture' },
        ],
      }),
    ).toStrictEqual(['Finances', 'Culture']);
    expect(categoryTitles({ id: '1' })).toStrictEqual([]);
    expect(categoryTitles({ id: '1', categories: null })).toStrictEqual([]);
  });

  it('asks for an article and the categories of a scope with both parts escaped', () => {
    expect(newsArticlePath('actualites', 'budget-2026')).toBe('/api/news/actualites/budget-2026/');
    expect(newsArticlePath('a/b', 'c d')).toBe('/api/news/a%2Fb/c%20d/');
    expect(newsCategoriesPath('a b')).toBe('/api/categories/a%20b/');
  });
});
