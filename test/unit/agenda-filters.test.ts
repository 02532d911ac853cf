import {
  addCategory,
  agendaFiltersFromSearch,
  agendaFiltersToSearch,
  agendaPagePath,
  agendaRequest,
  hasAgendaFilters,
  hasAnyAgendaFilter,
  isSet,
  NO_AGENDA_FILTERS,
  removeCategory,
  searchAgendaPath,
  setCategories,
} from '../../src/domain/agenda-filters';

describe('the agenda’s filters', () => {
  it('count a month or a title as set when neither null nor empty', () => {
    expect([0, 3, 'x', ' '].map(isSet)).toStrictEqual([true, true, true, true]);
    expect([null, undefined, ''].map(isSet)).toStrictEqual([false, false, false]);
    expect(hasAgendaFilters({ categories: [], month: null, title: '' })).toBe(false);
    expect(hasAgendaFilters({ categories: [], month: 4, title: null })).toBe(true);
    expect(hasAgendaFilters({ categories: ['2'], month: null, title: null })).toBe(true);
  });

  it('count a quick range alone as a filter to clear, not as one to ask the server for', () => {
    const weekOnly = { ...NO_AGENDA_FILTERS, range: 'semaine' } as const;
    expect(hasAgendaFilters(weekOnly)).toBe(false);
    expect(hasAnyAgendaFilter(weekOnly)).toBe(true);
    expect(hasAnyAgendaFilter({ ...NO_AGENDA_FILTERS, range: null })).toBe(false);
    expect(hasAnyAgendaFilter({ ...NO_AGENDA_FILTERS, title: 'x' })).toBe(true);
  });

  it('add a category once, remove it, and set a selection without repeats', () => {
    expect(addCategory(['1'], '2')).toStrictEqual(['1', '2']);
    expect(addCategory(['1', '2'], '1')).toStrictEqual(['1', '2']);
    expect(removeCategory(['1', '2', '3'], '2')).toStrictEqual(['1', '3']);
    expect(removeCategory(['1'], '9')).toStrictEqual(['1']);
    expect(setCategories(['3', '1', '3'])).toStrictEqual(['3', '1']);
  });
});

describe('the agenda’s calls', () => {
  it('search by title alone, escaped', () => {
    expect(searchAgendaPath('fête & musique')).toBe('/api/agenda/?title=f%C3%AAte+%26+musique');
  });

  it('ask for the plain agenda without a filter, and for the filter call with one', () => {
    expect(agendaRequest('5', NO_AGENDA_FILTERS)).toStrictEqual({ path: '/api/agenda/5/', plain: true });
    expect(agendaRequest('5', { categories: ['2', '7'], month: 3, title: '' })).toStrictEqual({
      path: '/api/agenda/?categories=2&categories=7&month=3',
      plain: false,
    });
  });

  it('add the days of a quick range to an upcoming page only', () => {
    const filters = { ...NO_AGENDA_FILTERS, range: 'semaine' } as const;
    expect(agendaPagePath('5', filters, { period: 'upcoming', today: '2026-11-25', pageSize: 50 })).toBe(
      '/api/agenda/5/?page_size=50&from=2026-11-25&to=2026-11-29',
    );
    expect(agendaPagePath('5', filters, { period: 'past', today: '2026-11-25', pageSize: 50 })).toBe('/api/agenda/5/?page_size=50&period=past');
    expect(agendaPagePath('5', { ...filters, title: 'x' }, { period: 'upcoming', today: '2026-11-25', pageSize: 50 })).toBe(
      '/api/agenda/?title=x&page_size=50&from=2026-11-25&to=2026-11-29',
    );
  });
});

describe('the agenda page’s address', () => {
  it('holds the set filters and the range, in French', () => {
    expect(agendaFiltersToSearch({ categories: ['2'], month: 3, title: 'fête', range: 'weekend' })).toBe('?categories=2&mois=3&titre=f%C3%AAte&periode=weekend');
    expect(agendaFiltersToSearch({ categories: [], month: null, title: '' })).toBe('');
  });

  it('gives back the filters it holds, each category once, ignoring what is not one', () => {
    expect(agendaFiltersFromSearch('?categories=&categories=3&categories=3&categories=1&mois=12&titre=f%C3%AAte&periode=mois')).toStrictEqual({
      categories: ['3', '1'],
      month: 12,
      title: 'fête',
      range: 'mois',
    });
  });

  it('reads no month outside 1 to 12, no empty title and no unknown range', () => {
    for (const search of ['', '?mois=0', '?mois=13', '?mois=2.5', '?mois=x', '?mois=', '?titre=', '?periode=annee']) {
      expect({ search, filters: agendaFiltersFromSearch(search) }).toStrictEqual({ search, filters: { categories: [], month: null, title: null } });
    }
    expect(agendaFiltersFromSearch('?mois=1').month).toBe(1);
  });
});
