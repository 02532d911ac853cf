import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { isRight } from 'fp-ts/Either';
import { SiteProfileSettings } from '../../src/domain/site-profile';
import { contrastRows } from '../../server/profile/colour-contrast';
import { checkSiteSettings } from '../../server/profile/site-profile-check';
import { wireArbitrary } from '../support/arbitrary-from-codec';

// A site.json drawn from its codec's own arbitraries is either accepted, and then holds what the
// start asks beyond the codec (a default language offered, contrasting colours, a section on), or
// refused, each refusal naming a field of the file by its path and saying why on one line.

const FIELD_PATH = /^[a-zA-Z]+(\.[a-zA-Z0-9]+)*$/;
const FIELDS = Object.keys(SiteProfileSettings.props);
const SHOWN_SECTIONS = ['agenda', 'directory', 'news', 'shop', 'search', 'openData'] as const;

const demo = JSON.parse(readFileSync(join(__dirname, '../../profiles/valmont/site.json'), 'utf8')) as Record<string, unknown>;

const judged = (json: unknown): 'accepted' | 'refused' => {
  const result = checkSiteSettings(json);
  if (isRight(result)) {
    const settings = result.right;
    expect(settings.languages.offered).toContain(settings.languages.default);
    expect(contrastRows(settings.colours).filter((row) => !row.passes)).toEqual([]);
    expect(SHOWN_SECTIONS.some((name) => settings.sections[name])).toBe(true);
    return 'accepted';
  }
  expect(result.left.length).toBeGreaterThan(0);
  for (const { path, why } of result.left) {
    expect(path).toMatch(FIELD_PATH);
    expect(FIELDS).toContain(path.split('.')[0]);
    expect(why).toMatch(/^\S[^\n]*$/);
  }
  return 'refused';
};

describe("site.json's check", () => {
  it('accepts, or refuses with field paths, every profile drawn from the codec', () => {
    fc.assert(
      fc.property(wireArbitrary(SiteProfileSettings), (json) => void judged(json)),
      { numRuns: 200 },
    );
  });

  it("accepts, or refuses with field paths, the demo's profile with one part drawn from the codec; both happen", () => {
    const outcomes = new Set<string>();
    const parts = fc
      .constantFrom(...FIELDS)
      .chain((field) => wireArbitrary(SiteProfileSettings.props[field as keyof typeof SiteProfileSettings.props]).map((value) => ({ ...demo, [field]: value })));
    fc.assert(
      fc.property(parts, (json) => void outcomes.add(judged(json))),
      { numRuns: 300 },
    );
    expect([...outcomes].sort()).toEqual(['accepted', 'refused']);
  });
});
