import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { DIRECTORY_MESSAGES } from '../../src/i18n/directory-messages';
import { addMessages, intlFor } from '../../src/i18n/intl';
import { LANGUAGES, resolveLanguage } from '../../src/i18n/language';
import { FRENCH_MONTH_NAMES, MONTHS, monthName, monthNames } from '../../src/i18n/months';
import { NEWS_MESSAGES } from '../../src/i18n/news-messages';

const dir = join(__dirname, '../../src/i18n');
const source = (language: string): Record<string, string> => JSON.parse(readFileSync(join(dir, 'messages', `${language}.json`), 'utf8')) as Record<string, string>;

describe('message catalogues', () => {
  it('has a catalogue for every language and nothing else', () => {
    expect(readdirSync(join(dir, 'messages')).sort()).toEqual(LANGUAGES.map((language) => `${language}.json`).sort());
  });

  // That each holds the French keys, and no other, is test/unit/message-catalogues.test.ts's.

  it.each(LANGUAGES)('ships %s compiled from its current source', (language) => {
    const compiled = JSON.parse(readFileSync(join(dir, 'compiled', `${language}.json`), 'utf8')) as Record<string, unknown>;
    const expected = Object.fromEntries(Object.entries(source(language)).map(([key, text]) => [key, parse(text)]));
    expect(compiled).toEqual(expected);
  });

  it.each([
    ['fr', ['aucun article', '1 article', '3 articles']],
    ['de', ['kein Artikel', '1 Artikel', '3 Artikel']],
    ['it', ['nessun articolo', '1 articolo', '3 articoli']],
    ['en', ['no items', '1 item', '3 items']],
  ] as const)('formats the cart count with the plural rules of %s', (language, [none, one, three]) => {
    expect(intlFor(language).formatMessage({ id: 'cart.count' }, { count: 0 })).toBe(none);
    expect(intlFor(language).formatMessage({ id: 'cart.count' }, { count: 1 })).toBe(one);
    expect(intlFor(language).formatMessage({ id: 'cart.count' }, { count: 3 })).toBe(three);
  });

  it('agrees a past participle with the noun in each language', () => {
    // These messages travel with their widgets' chunks, as in the page.
    addMessages(NEWS_MESSAGES);
    addMessages(DIRECTORY_MESSAGES);
    expect(intlFor('fr').formatMessage({ id: 'news.added' }, { count: 2 })).toBe('2 actualités ajoutées');
    expect(intlFor('it').formatMessage({ id: 'news.added' }, { count: 2 })).toBe('2 notizie aggiunte');
    expect(intlFor('it').formatMessage({ id: 'directory.added' }, { count: 1 })).toBe('1 contatto aggiunto');
    expect(intlFor('de').formatMessage({ id: 'directory.added' }, { count: 2 })).toBe('2 Kontakte hinzugefügt');
  });
});

describe('resolveLanguage', () => {
  it('reads the primary subtag of a supported language', () => {
    expect(resolveLanguage('en')).toBe('en');
    expect(resolveLanguage('EN-gb')).toBe('en');
    expect(resolveLanguage('fr-CH')).toBe('fr');
    expect(resolveLanguage('de-CH')).toBe('de');
    expect(resolveLanguage('it')).toBe('it');
  });

  it('falls back to French when the language is missing or unsupported', () => {
    expect(resolveLanguage(null)).toBe('fr');
    expect(resolveLanguage(undefined)).toBe('fr');
    expect(resolveLanguage('')).toBe('fr');
    expect(resolveLanguage('xx')).toBe('fr');
  });
});

describe('month names', () => {
  it('names the French months from janvier to décembre', () => {
    expect(FRENCH_MONTH_NAMES).toEqual(['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre']);
  });

  it('maps every month number 1 to 12 to its name in the page language', () => {
    expect(Object.keys(monthNames('en')).map(Number)).toEqual([...MONTHS]);
    expect(monthNames('en')[12]).toBe('December');
    expect(monthName(1, 'fr')).toBe('janvier');
    expect(monthName(3, 'de')).toBe('März');
    expect(monthName(1, 'it')).toBe('gennaio');
  });
});

describe('the catalogue parts', () => {
  it.each(LANGUAGES)('cut %s in parts that together hold every message once', (language) => {
    const parts = readdirSync(join(dir, 'compiled', 'parts')).filter((name) => name.startsWith(`${language}-`));
    const keys = parts.flatMap((name) => Object.keys(JSON.parse(readFileSync(join(dir, 'compiled', 'parts', name), 'utf8')) as object));
    expect(keys.sort()).toEqual(Object.keys(source(language)).sort());
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('the news count', () => {
  it('states the total the API reports, then how many are shown when fewer are, numbers grouped the Swiss way', () => {
    addMessages(NEWS_MESSAGES);
    const countOf = (language: (typeof LANGUAGES)[number], count: number, total: number): string =>
      intlFor(language).formatMessage({ id: 'news.countOf' }, { count, total }).replace(/\s/gu, ' ');
    expect(countOf('fr', 20, 120)).toBe('120 actualités, 20 affichées');
    expect(countOf('de', 20, 120)).toBe('120 Nachrichten, 20 angezeigt');
    expect(countOf('it', 1, 120)).toBe('120 notizie, 1 visualizzata');
    expect(countOf('en', 24, 1200)).toBe("1'200 news items, 24 shown");
    expect(countOf('de', 24, 1200)).toBe("1'200 Nachrichten, 24 angezeigt");
    expect(intlFor('fr').formatMessage({ id: 'news.count' }, { count: 120 })).toBe('120 actualités');
  });
});
