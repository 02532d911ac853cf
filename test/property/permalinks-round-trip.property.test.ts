import fc from 'fast-check';
import { LANGUAGES } from '../../src/domain/language';
import { contactPath, contactSlug, eventPath, isSlug, localizedPath, newsPath, newsSlug, parseSitePath, slugify, splitLanguage } from '../../src/domain/permalinks';

const title = fc.string({ unit: 'grapheme', maxLength: 120 });
const slug = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/);
const maybeSlug = fc.oneof(slug, fc.string({ maxLength: 10 }), fc.constant(null), fc.constant(undefined));

describe('the addresses of things with a page', () => {
  it('slugify any title to a well-formed slug of at most 80 characters', () => {
    fc.assert(
      fc.property(title, (text) => {
        const made = slugify(text);
        expect(isSlug(made)).toBe(true);
        expect(made.length).toBeLessThanOrEqual(80);
      }),
    );
  });

  it('read back every contact, event and news item address as the thing it was made for', () => {
    fc.assert(
      fc.property(title, maybeSlug, fc.integer({ min: 0, max: 9_999_999_999 }), (name, given, id) => {
        expect(parseSitePath(contactPath({ title: name, slug: given }))).toStrictEqual({ kind: 'contact', slug: contactSlug({ title: name, slug: given }) });
        expect(parseSitePath(eventPath({ id: String(id), title: name }))).toStrictEqual({ kind: 'event', id: String(id), slug: slugify(name) });
        expect(parseSitePath(newsPath({ id: String(id), title: name, slug: given }))).toStrictEqual({
          kind: 'news',
          slug: newsSlug({ id: String(id), title: name, slug: given }),
        });
      }),
    );
  });

  it('split every localized path back into its language and the path', () => {
    // A French path that starts with a language's code (`/de/…`) would read as that language: the site has none.
    const sections = fc.array(slug, { maxLength: 3 }).filter((parts) => !(LANGUAGES as readonly string[]).includes(parts[0] ?? ''));
    fc.assert(
      fc.property(fc.constantFrom(...LANGUAGES), fc.constantFrom(...LANGUAGES), sections, (language, root, parts) => {
        const path = `/${parts.map((part) => `${part}/`).join('')}`;
        expect(splitLanguage(localizedPath(path, language, root), root)).toStrictEqual({ language, path, prefixed: language !== root });
      }),
    );
  });
});
