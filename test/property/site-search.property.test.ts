import fc from 'fast-check';
import {
  MAX_QUERY_LENGTH,
  MAX_SEARCH_LIMIT,
  MIN_QUERY_LENGTH,
  SEARCH_KINDS,
  SiteSearchAnswer,
  moveHighlight,
  sameQuery,
  searchApiPath,
  searchHits,
  searchPageQuery,
  searchQuery,
  searchTotal,
  textFromSearch,
  type SearchKind,
} from '../../src/domain/site-search';
import { EXCERPT_LENGTH, excerptOf, htmlToText, normalizeSearch, richTextSearch } from '../../server/data/search';
import { decodedArbitrary } from '../support/arbitrary-from-codec';

const codePoints = (value: string): number => Array.from(value).length;
const typed = fc.string({ unit: 'grapheme', maxLength: 60 });
// Texts with what a visitor pastes: tabs, line feeds, runs of spaces, control characters.
const pasted = fc
  .array(fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.constantFrom(' ', '  ', '\t', '\n', '\u0001', '\u007f', '\u00a0')), { maxLength: 12 })
  .map((parts) => parts.join(''));
const words = fc.array(fc.stringMatching(/^[A-Za-zÀ-ÿœŒ’'-]{1,12}$/), { minLength: 1, maxLength: 6 });

describe('the query of a typed text', () => {
  it('is null, or 2 to 200 characters without control characters, runs of spaces or spaces at either end', () => {
    fc.assert(
      fc.property(fc.oneof(typed, pasted, fc.string({ unit: 'grapheme', minLength: 190, maxLength: 260 })), (text) => {
        const query = searchQuery(text);
        if (query === null) return;
        expect(codePoints(query)).toBeGreaterThanOrEqual(MIN_QUERY_LENGTH);
        expect(codePoints(query)).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
        expect(query).not.toMatch(/[\u0000-\u001f\u007f]/);
        expect(query).not.toMatch(/^\s|\s$|\s\s/u);
      }),
    );
  });

  it('is the same query once more, and the same with spaces around or doubled', () => {
    fc.assert(
      fc.property(fc.oneof(typed, pasted), (text) => {
        const query = searchQuery(text);
        expect(searchQuery(query ?? '')).toBe(query);
        expect(sameQuery(`  ${text}\t`, text)).toBe(true);
        expect(sameQuery(text.replace(/ /g, '  '), text)).toBe(true);
      }),
    );
  });

  it('keeps a word of two letters or digits, and refuses one letter or single letters', () => {
    expect(searchQuery('hé')).toBe('hé');
    expect(searchQuery('12')).toBe('12');
    expect(searchQuery('l’ex')).toBe('l’ex');
    expect(searchQuery(' h ')).toBeNull();
    expect(searchQuery('l c')).toBeNull();
    expect(searchQuery('--')).toBeNull();
    expect(searchQuery('')).toBeNull();
  });

  it('travels to the API and back through the page address unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(typed, pasted), fc.integer({ min: 1, max: MAX_SEARCH_LIMIT }), fc.subarray([...SEARCH_KINDS] as SearchKind[]), (text, limit, kinds) => {
        const query = searchQuery(text);
        if (query === null) {
          expect(searchPageQuery(text)).toBe('');
          return;
        }
        const params = new URLSearchParams(searchApiPath(query, limit, kinds).split('?')[1]);
        expect(params.get('q')).toBe(query);
        expect(params.get('limit')).toBe(String(limit));
        expect(params.getAll('kind')).toEqual(kinds);
        expect(textFromSearch(searchPageQuery(text))).toBe(query);
      }),
    );
  });
});

describe('the normalised form searched in', () => {
  it('ignores case and accents: a text and its accent-free lower case are the same', () => {
    fc.assert(
      fc.property(words, (parts) => {
        const text = parts.join(' ');
        const normalized = normalizeSearch(text);
        expect(normalizeSearch(normalized)).toBe(normalized);
        // Capitals that lower-case back to the letter (not ß, which capitalises as SS).
        if (text.toUpperCase().toLowerCase() === text.toLowerCase()) expect(normalizeSearch(text.toUpperCase())).toBe(normalized);
        expect(normalized).not.toMatch(/\p{M}/u);
      }),
    );
    expect(normalizeSearch('Hélène ÉVÉQUOZ')).toBe(normalizeSearch('helene evequoz'));
  });

  it('of a register holds the text of its items, never its markup', () => {
    fc.assert(
      fc.property(
        fc.array(
          words.map((parts) => parts.join(' ')),
          { minLength: 1, maxLength: 5 },
        ),
        (items) => {
          const html = `<ul class="register">${items.map((item) => `<li data-x="1">${item.replace(/&/g, '&amp;')}</li>`).join('\n')}</ul>`;
          expect(htmlToText(html)).toBe(
            items
              .map((item) => item.trim())
              .filter((item) => item !== '')
              .join('\n'),
          );
          const searched = richTextSearch(html) ?? '';
          for (const item of items) expect(searched).toContain(normalizeSearch(item.trim()));
          expect(searched).not.toMatch(/[<>]|register|data-x/);
        },
      ),
    );
    expect(htmlToText('<p>A &amp; B&nbsp;&#233;&#xE9; <strong>C</strong></p><script>x()</script><p>D<br>E</p>')).toBe('A & B éé C\nD\nE');
    expect(richTextSearch('<ul></ul>')).toBeNull();
  });
});

describe('the excerpt of a match', () => {
  it('is at most its length (and its ellipses), and holds the query when a line holds it', () => {
    fc.assert(
      fc.property(
        fc.array(
          words.map((parts) => parts.join(' ')),
          { minLength: 1, maxLength: 4 },
        ),
        fc.nat(),
        fc.nat(),
        (lines, pick, offset) => {
          const text = lines.join('\n');
          const line = lines[pick % lines.length] ?? '';
          const start = offset % Math.max(1, line.length);
          const query = line.slice(start, start + 6).trim();
          const excerpt = excerptOf(text, query);
          expect(codePoints(excerpt)).toBeLessThanOrEqual(EXCERPT_LENGTH + 2);
          if (query.length >= 2) expect(normalizeSearch(excerpt)).toContain(normalizeSearch(query));
        },
      ),
    );
  });

  it('shows the register item that names the company, accents aside', () => {
    const register = 'Présidente de l’Association des parents d’élèves\nMembre du conseil d’administration de la Banque cantonale';
    expect(excerptOf(register, 'BANQUE cantonale')).toBe('Membre du conseil d’administration de la Banque cantonale');
    expect(excerptOf(register, 'parents d eleves')).toBe('Présidente de l’Association des parents d’élèves');
    const long = `${'Lorem ipsum dolor sit amet '.repeat(10)}Banque cantonale ${'consectetur adipiscing '.repeat(10)}`;
    const cut = excerptOf(long, 'banque');
    expect(cut).toMatch(/^….*Banque cantonale.*…$/);
  });
});

describe('the options of the suggestions', () => {
  const answers = decodedArbitrary(SiteSearchAnswer);

  it('list every result once, group after group, and count at least as many matches', () => {
    fc.assert(
      fc.property(answers, (answer) => {
        const hits = searchHits(answer);
        expect(hits).toHaveLength(answer.groups.reduce((sum, group) => sum + group.results.length, 0));
        expect(hits.map((hit) => hit.kind)).toEqual(answer.groups.flatMap((group) => group.results.map(() => group.kind)));
        expect(searchTotal(answer)).toBeGreaterThanOrEqual(hits.length);
      }),
    );
    expect(searchHits(null)).toEqual([]);
  });

  it('move the highlight within the list, wrapping at both ends, and back where it was', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.option(fc.integer({ min: -2, max: 32 }), { nil: null }),
        fc.constantFrom(1 as const, -1 as const),
        (length, current, step) => {
          const next = moveHighlight(current, step, length);
          if (length === 0) {
            expect(next).toBeNull();
            return;
          }
          expect(next).not.toBeNull();
          expect(next!).toBeGreaterThanOrEqual(0);
          expect(next!).toBeLessThan(length);
          if (current !== null && current >= 0 && current < length) expect(moveHighlight(next, step === 1 ? -1 : 1, length)).toBe(current);
          else expect(next).toBe(step === 1 ? 0 : length - 1);
        },
      ),
    );
  });
});
