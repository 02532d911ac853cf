import { FALLBACK_LANGUAGE, isLanguage, LANGUAGES } from '../../src/domain/language';
import {
  contactPath,
  contactSlug,
  eventPath,
  isSlug,
  localizedPath,
  newsPath,
  newsSlug,
  PAGE_PATHS,
  parseSitePath,
  slugify,
  splitLanguage,
} from '../../src/domain/permalinks';

describe('slugify', () => {
  it('writes a title in lower case, accents and compatibility forms dropped, words joined by one dash', () => {
    expect(slugify('Hélène Rochat')).toBe('helene-rochat');
    expect(slugify('  --Fête   de la  Musique !! ')).toBe('fete-de-la-musique');
    expect(slugify('ﬁnances ²')).toBe('finances-2');
    expect(slugify('Œuvre')).toBe('uvre');
  });

  it('keeps at most 80 characters, never ending on a dash after the cut', () => {
    expect(slugify('a'.repeat(100))).toBe('a'.repeat(80));
    expect(slugify(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
  });

  it('gives sans-titre to a title with nothing to keep', () => {
    expect(slugify('')).toBe('sans-titre');
    expect(slugify('!!! «» —')).toBe('sans-titre');
  });
});

describe('isSlug', () => {
  it('accepts lower-case letters, digits and inner dashes, 1 to 120 characters', () => {
    for (const slug of ['a', '7', 'a-b', 'a--b', 'x'.repeat(120), `a${'-'.repeat(118)}b`]) expect({ slug, ok: isSlug(slug) }).toStrictEqual({ slug, ok: true });
  });

  it('refuses an edge dash, a capital, an accent, a space, a slash and 121 characters', () => {
    for (const slug of ['', '-a', 'a-', 'A', 'é', 'a b', 'a/b', 'x'.repeat(121), 'a\nb']) expect({ slug, ok: isSlug(slug) }).toStrictEqual({ slug, ok: false });
  });
});

describe('the addresses of things', () => {
  it('take a contact’s slug from the API when it is well formed, else from its title', () => {
    expect(contactSlug({ title: 'Hélène Rochat', slug: 'helene-rochat-2' })).toBe('helene-rochat-2');
    for (const slug of [null, undefined, '', 'Hélène', '-x']) expect(contactSlug({ title: 'Hélène Rochat', slug })).toBe('helene-rochat');
    expect(contactPath({ title: 'Service des routes' })).toBe('/annuaire/service-des-routes/');
  });

  it('give an event its id, escaped, then its title’s slug', () => {
    expect(eventPath({ id: '12', title: 'Fête de la musique' })).toBe('/agenda/12-fete-de-la-musique/');
    expect(eventPath({ id: 'a/b c', title: '' })).toBe('/agenda/a%2Fb%20c-sans-titre/');
  });

  it('take a news item’s slug from the API when it is well formed, else from its id and title', () => {
    expect(newsSlug({ id: '7', title: 'Budget', slug: 'budget-2026' })).toBe('budget-2026');
    expect(newsSlug({ id: '7', title: 'Budget 2026', slug: 'Budget' })).toBe('7-budget-2026');
    expect(newsSlug({ id: '7', title: null, slug: null })).toBe('7-sans-titre');
    expect(newsSlug({ id: 'Ab' })).toBe('ab-sans-titre');
    expect(newsPath({ id: '7', title: 'Budget' })).toBe('/actualites/7-budget/');
  });
});

describe('parseSitePath', () => {
  it('names each page of the site, with or without its closing slash', () => {
    expect(PAGE_PATHS).toStrictEqual({
      home: '/',
      directory: '/annuaire/',
      agenda: '/agenda/',
      news: '/actualites/',
      shop: '/boutique/',
      cart: '/panier/',
      accessibility: '/accessibilite/',
      search: '/recherche/',
      legal: '/mentions-legales/',
      privacy: '/protection-des-donnees/',
      sitemap: '/plan-du-site/',
      data: '/donnees/',
    });
    for (const [page, path] of Object.entries(PAGE_PATHS)) {
      expect(parseSitePath(path)).toStrictEqual({ kind: 'page', page });
      expect(parseSitePath(path.replace(/\/$/, '') || '/')).toStrictEqual({ kind: 'page', page });
    }
  });

  it('names a contact, an event and a news item by their addresses', () => {
    expect(parseSitePath('/annuaire/helene-rochat/')).toStrictEqual({ kind: 'contact', slug: 'helene-rochat' });
    expect(parseSitePath('/annuaire/helene-rochat')).toStrictEqual({ kind: 'contact', slug: 'helene-rochat' });
    expect(parseSitePath('/actualites/7-budget/')).toStrictEqual({ kind: 'news', slug: '7-budget' });
    expect(parseSitePath('/agenda/12-fete-de-la-musique/')).toStrictEqual({ kind: 'event', id: '12', slug: 'fete-de-la-musique' });
    expect(parseSitePath(`/agenda/1234567890-${'x'.repeat(120)}/`)).toStrictEqual({ kind: 'event', id: '1234567890', slug: 'x'.repeat(120) });
  });

  it('names nothing for any other address', () => {
    for (const path of [
      '/autre/',
      '/annuaire/Helene/',
      '/annuaire/a/b/',
      '/annuaire//',
      '/x/annuaire/a/',
      '/annuaire/a/x',
      '/actualites/-a/',
      '/agenda/fete/',
      '/agenda/12/',
      '/agenda/-fete/',
      '/agenda/12-/',
      '/agenda/12-Fete/',
      '/agenda/12345678901-x/',
      `/agenda/1-${'x'.repeat(121)}/`,
      '/agenda/x12-fete/',
      '/agenda/12-fete/x/',
      '/boutique/x/',
    ]) {
      expect({ path, named: parseSitePath(path) }).toStrictEqual({ path, named: null });
    }
  });
});

describe('the languages of addresses', () => {
  it('are French at the root, then German, Italian and English under their prefix', () => {
    expect(LANGUAGES).toStrictEqual(['fr', 'de', 'it', 'en']);
    expect(FALLBACK_LANGUAGE).toBe('fr');
    expect(localizedPath('/annuaire/', 'fr')).toBe('/annuaire/');
    expect(localizedPath('/annuaire/', 'de')).toBe('/de/annuaire/');
  });

  it('put the root language a site names at the root, and French under its prefix then', () => {
    expect(localizedPath('/annuaire/', 'de', 'de')).toBe('/annuaire/');
    expect(localizedPath('/annuaire/', 'fr', 'de')).toBe('/fr/annuaire/');
    expect(splitLanguage('/annuaire/', 'de')).toStrictEqual({ language: 'de', path: '/annuaire/', prefixed: false });
    expect(splitLanguage('/fr/annuaire/', 'de')).toStrictEqual({ language: 'fr', path: '/annuaire/', prefixed: true });
    // The root language's own prefix is read as such: the server answers it with a 404.
    expect(splitLanguage('/de/annuaire/', 'de')).toStrictEqual({ language: 'de', path: '/annuaire/', prefixed: true });
    expect(splitLanguage('/es/annuaire/', 'de')).toStrictEqual({ language: 'de', path: '/es/annuaire/', prefixed: false });
  });

  it('know a language by its exact code only', () => {
    expect(LANGUAGES.map(isLanguage)).toStrictEqual([true, true, true, true]);
    for (const value of ['DE', 'de-CH', 'es', '', null, undefined, 1]) expect(isLanguage(value)).toBe(false);
  });

  it('split a path into its language and the rest', () => {
    expect(splitLanguage('/de/annuaire/')).toStrictEqual({ language: 'de', path: '/annuaire/', prefixed: true });
    expect(splitLanguage('/it')).toStrictEqual({ language: 'it', path: '/', prefixed: true });
    expect(splitLanguage('/en/')).toStrictEqual({ language: 'en', path: '/', prefixed: true });
    expect(splitLanguage('/fr/annuaire/')).toStrictEqual({ language: 'fr', path: '/annuaire/', prefixed: true });
    for (const path of ['/annuaire/', '/dex/', '/x/de/', '/', '/deutsch']) expect(splitLanguage(path)).toStrictEqual({ language: 'fr', path, prefixed: false });
  });
});
