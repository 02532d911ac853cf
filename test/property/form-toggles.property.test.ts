import fc from 'fast-check';
import { agendaFiltersFromSearch } from '../../src/domain/agenda-filters';
import { applyFormToggle, RESET_TOGGLE, TOGGLE_PARAM } from '../../src/domain/form-toggles';
import { selectionFromSearch } from '../../src/domain/news-list';

type Entry = readonly [string, string];

// Ids as the Id codec gives them: non-empty and trimmed, with characters a query must escape mixed in.
const id = fc
  .oneof(
    fc.stringMatching(/^[1-9]\d{0,3}$/),
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).map((text) => text.trim()),
  )
  .filter((text) => text !== '');
const listParam = fc.constantFrom('categorie', 'categories');
const otherName = fc.constantFrom('mois', 'titre', 'q', 'page', 'x y');
const otherValue = fc.oneof(fc.constant(''), fc.string({ unit: 'grapheme', maxLength: 10 }));

/** A submitted form: list entries and other parameters mixed in any order, as a hand-written address may hold them. */
const submitted = (list: string) =>
  fc.array(
    fc.oneof(
      id.map((value): Entry => [list, value]),
      fc.constant<Entry>([list, '']),
      fc.tuple(otherName, otherValue),
    ),
    { maxLength: 8 },
  );

const query = (entries: readonly Entry[]): string => `?${new URLSearchParams(entries.map(([name, value]) => [name, value])).toString()}`;
const withToggle = (search: string, value: string): string => {
  const params = new URLSearchParams(search);
  params.append(TOGGLE_PARAM, value);
  return `?${params.toString()}`;
};
const listOf = (search: string, list: string): string[] => new URLSearchParams(search).getAll(list);
const othersOf = (search: string, list: string): [string, string][] =>
  [...new URLSearchParams(search)].filter(([name, value]) => name !== list && name !== TOGGLE_PARAM && value !== '');
const dedupe = (ids: readonly string[]): string[] => [...new Set(ids.filter((value) => value !== ''))];

describe('applyFormToggle', () => {
  it('answers null when nothing was toggled: the address needs no redirect', () => {
    fc.assert(
      fc.property(
        listParam.chain((list) => fc.tuple(fc.constant(list), submitted(list))),
        ([list, entries]) => {
          expect(applyFormToggle(query(entries), list)).toBeNull();
        },
      ),
    );
  });

  it('gives a canonical query: no basculer, each id once, the list first, the other non-empty parameters kept in order', () => {
    fc.assert(
      fc.property(
        listParam.chain((list) => fc.tuple(fc.constant(list), submitted(list), fc.oneof(id, fc.constant(RESET_TOGGLE)))),
        ([list, entries, toggle]) => {
          const search = withToggle(query(entries), toggle);
          const result = applyFormToggle(search, list)!;
          expect(result === '' || result.startsWith('?')).toBe(true);
          const params = new URLSearchParams(result);
          expect(params.has(TOGGLE_PARAM)).toBe(false);
          const ids = params.getAll(list);
          expect(new Set(ids).size).toBe(ids.length);
          expect(ids).not.toContain('');
          expect([...params].slice(0, ids.length).every(([name]) => name === list)).toBe(true);
          expect(othersOf(result, list)).toEqual(othersOf(search, list));
        },
      ),
    );
  });

  it('adds an id at the end, removes a selected one, and the reset empties the list', () => {
    fc.assert(
      fc.property(
        listParam.chain((list) => fc.tuple(fc.constant(list), submitted(list), id)),
        ([list, entries, toggle]) => {
          const search = query(entries);
          const before = dedupe(listOf(search, list));
          const after = listOf(applyFormToggle(withToggle(search, toggle), list)!, list);
          expect(after).toEqual(before.includes(toggle) ? before.filter((value) => value !== toggle) : [...before, toggle]);
          expect(listOf(applyFormToggle(withToggle(search, RESET_TOGGLE), list)!, list)).toEqual([]);
        },
      ),
    );
  });

  it('toggled twice gives the same selection back, in the same order when the id was not selected', () => {
    fc.assert(
      fc.property(
        listParam.chain((list) => fc.tuple(fc.constant(list), submitted(list), id)),
        ([list, entries, toggle]) => {
          const search = query(entries);
          const once = applyFormToggle(withToggle(search, toggle), list)!;
          const twice = applyFormToggle(withToggle(once, toggle), list)!;
          const before = dedupe(listOf(search, list));
          const after = listOf(twice, list);
          expect([...after].sort()).toEqual([...before].sort());
          if (!before.includes(toggle)) expect(after).toEqual(before);
          expect(othersOf(twice, list)).toEqual(othersOf(search, list));
        },
      ),
    );
  });

  it('leads to the selection the widgets read from the address', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[1-9]\d{0,2}$/), { maxLength: 5 }), fc.stringMatching(/^[1-9]\d{0,2}$/), (selection, toggle) => {
        const expected = dedupe(selection).includes(toggle) ? dedupe(selection).filter((value) => value !== toggle) : [...dedupe(selection), toggle];
        const news = applyFormToggle(withToggle(query(selection.map((value): Entry => ['categorie', value])), toggle), 'categorie')!;
        expect(selectionFromSearch(news)).toEqual(expected);
        const agenda = applyFormToggle(
          withToggle(query([...selection.map((value): Entry => ['categories', value]), ['mois', '12'], ['titre', '']]), toggle),
          'categories',
        )!;
        expect(agendaFiltersFromSearch(agenda)).toEqual({ categories: expected, month: 12, title: null });
      }),
    );
  });

  it('turns the submitted forms into the addresses the widgets write', () => {
    expect(applyFormToggle('?categorie=1&categorie=3&basculer=3', 'categorie')).toBe('?categorie=1');
    expect(applyFormToggle('?categorie=1&basculer=4', 'categorie')).toBe('?categorie=1&categorie=4');
    expect(applyFormToggle('categorie=1&basculer=', 'categorie')).toBe('');
    expect(applyFormToggle('?categories=3&basculer=5&mois=12&titre=', 'categories')).toBe('?categories=3&categories=5&mois=12');
    expect(applyFormToggle('?mois=&titre=s%C3%A9ance&categories=3&basculer=', 'categories')).toBe('?titre=s%C3%A9ance');
    expect(applyFormToggle('?categorie=1', 'categorie')).toBeNull();
    expect(applyFormToggle('', 'categorie')).toBeNull();
  });
});
