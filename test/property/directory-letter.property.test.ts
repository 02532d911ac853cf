import fc from 'fast-check';
import { filingLetter, filingWord, foldAccents, isIndexLetter, LETTERS, letterFromSearch } from '../../src/domain/directory-letter';
import { filtersFromSearch, filtersToSearch } from '../../src/domain/directory';

const word = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 });
const title = fc.array(word, { maxLength: 6 }).map((words) => words.join(' '));
const type = fc.constantFrom('Personne', 'Organisation', null, undefined, 'Autre');

describe('the filing letter', () => {
  it('of any contact is one letter A to Z, or none', () => {
    fc.assert(
      fc.property(title, type, (name, kind) => {
        const letter = filingLetter(name, kind);
        expect(letter === null || (LETTERS.includes(letter) && isIndexLetter(letter))).toBe(true);
      }),
    );
  });

  it('is the same for a name in capitals, with other spaces or accents folded', () => {
    fc.assert(
      fc.property(title, type, (name, kind) => {
        expect(filingLetter(name.toUpperCase(), kind)).toBe(filingLetter(name.toLowerCase(), kind));
        expect(filingLetter(`  ${name.split(' ').join('   ')} `, kind)).toBe(filingLetter(name, kind));
        expect(filingLetter(foldAccents(name), kind)).toBe(filingLetter(name, kind));
      }),
    );
  });

  it('files a person under the last word of the name, whatever the first names', () => {
    // A family name starts with a letter that folds to A–Z: Latin-1's range also holds × and ÷, and Ð and Þ, which fold to none.
    const last = fc.stringMatching(/^[A-Za-zÀ-ÏÑ-ÖØ-Ýà-ïñ-öø-ýÿ][a-zß-ïñ-öø-ýÿ-]{0,10}$/);
    fc.assert(
      fc.property(fc.array(word, { maxLength: 3 }), last, (firsts, family) => {
        expect(filingLetter([...firsts, family].join(' '), 'Personne')).toBe(filingLetter(family, 'Personne'));
      }),
    );
  });

  it('folds accents and ligatures', () => {
    expect(foldAccents('Élise Œhl Æbi Straße')).toBe('elise oehl aebi strasse');
    expect(filingLetter('Émilie Ëmery', 'Personne')).toBe('E');
    expect(filingLetter('Zoé Ødegaard', 'Personne')).toBe('O');
  });

  it('skips the articles and the generic heads of an organisation', () => {
    expect(filingLetter('Service des routes', 'Organisation')).toBe('R');
    expect(filingLetter('Commune de Sion', 'Organisation')).toBe('S');
    expect(filingLetter('Service de l’aménagement de Sion', 'Organisation')).toBe('A');
    expect(filingLetter("L'Office du tourisme", 'Organisation')).toBe('T');
    expect(filingLetter('Département de la santé', 'Organisation')).toBe('S');
    expect(filingLetter('Gymnase de Sion', 'Organisation')).toBe('G');
    // A name of skipped words only is filed under its first word.
    expect(filingWord('Le Service', 'Organisation')).toBe('le');
    expect(filingLetter('3D Studio', 'Organisation')).toBeNull();
    expect(filingLetter('', 'Personne')).toBeNull();
  });

  it('orders contacts of one letter the same whatever order they come in (a stable rule: it depends on the contact alone)', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(title, type)), (contacts) => {
        const letters = contacts.map(([name, kind]) => filingLetter(name, kind));
        expect([...contacts].reverse().map(([name, kind]) => filingLetter(name, kind))).toEqual([...letters].reverse());
      }),
    );
  });
});

describe('the letter in the page address', () => {
  it('is read only when it is one capital A to Z, and comes back as it was written', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 3 }), (value) => {
        const search = `?${new URLSearchParams({ lettre: value }).toString()}`;
        expect(letterFromSearch(search)).toBe(isIndexLetter(value) ? value : '');
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...LETTERS), fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), (letter, text, category) => {
        expect(filtersFromSearch(filtersToSearch({ text, category, letter }))).toEqual({ text, category, letter });
      }),
    );
  });
});
