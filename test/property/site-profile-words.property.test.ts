import fc from 'fast-check';
import { LANGUAGES, type Language } from '../../src/domain/language';
import { wordsIn } from '../../src/domain/site-profile';
import { runs } from '../support/fuzz-runs';

// The feeds and the catalogue name every language; a profile holds words in the languages it
// offers. `wordsIn` gives a language's own words, else the default language's, else the first
// offered language's that has any, and never words that are not the profile's.

type Words = Partial<Record<Language, string>>;

const language = fc.constantFrom(...LANGUAGES);
const settings = fc
  .uniqueArray(language, { minLength: 1, maxLength: LANGUAGES.length })
  .chain((offered) => fc.record({ offered: fc.constant(offered), default: fc.constantFrom(...offered) }))
  .map((languages) => ({ languages }));
const words: fc.Arbitrary<Words> = fc.record(
  { fr: fc.string({ minLength: 1 }), de: fc.string({ minLength: 1 }), it: fc.string({ minLength: 1 }), en: fc.string({ minLength: 1 }) },
  { requiredKeys: [] },
);

describe('wordsIn', () => {
  it("gives the language's words, else the default language's, else an offered language's, else nothing", () => {
    fc.assert(
      fc.property(settings, words, language, (profile, localized, wanted) => {
        const found = wordsIn(profile, localized, wanted);
        const expected =
          localized[wanted] ??
          localized[profile.languages.default] ??
          profile.languages.offered.map((offered) => localized[offered]).find((word) => word !== undefined) ??
          '';
        expect(found).toBe(expected);
        if (found !== '') expect(Object.values(localized)).toContain(found);
      }),
      { numRuns: runs(200) },
    );
  });

  it('gives every offered language its own words when the profile holds them all', () => {
    fc.assert(
      fc.property(settings, words, (profile, localized) => {
        const complete: Words = Object.fromEntries(profile.languages.offered.map((offered) => [offered, localized[offered] ?? `mot ${offered}`]));
        for (const offered of profile.languages.offered) expect(wordsIn(profile, complete, offered)).toBe(complete[offered]);
      }),
      { numRuns: runs(200) },
    );
  });
});
