import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { intlFor } from '../../src/i18n/intl';
import { LANGUAGES, resolveLanguage } from '../../src/i18n/language';
import { FRENCH_MONTH_NAMES, MONTHS, monthName, monthNames } from '../../src/i18n/months';

const dir = join(__dirname, '../../src/i18n');
const source = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(dir, 'messages', `${language}.json`), 'utf8')) as Record<string, string>;

describe('message catalogues', () => {
  it('has a catalogue for every language and nothing else', () => {
    expect(readdirSync(join(dir, 'messages')).sort()).toEqual(LANGUAGES.map((language) => `${language}.json`).sort());
  });

  it.each(LANGUAGES)('gives every key of every language in %s', (language) => {
    const allKeys = new Set(LANGUAGES.flatMap((other) => Object.keys(source(other))));
    expect(Object.keys(source(language)).sort()).toEqual([...allKeys].sort());
  });

  it.each(LANGUAGES)('ships %s compiled from its current source', (language) => {
    const compiled = JSON.parse(readFileSync(join(dir, 'compiled', `${language}.json`), 'utf8')) as Record<string, unknown>;
    const expected = Object.fromEntries(Object.entries(source(language)).map(([key, text]) => [key, parse(text)]));
    expect(compiled).toEqual(expected);
  });

  it('formats the cart count with plural rules in both languages', () => {
    expect(intlFor('fr').formatMessage({ id: 'cart.count' }, { count: 0 })).toBe('aucun article');
    expect(intlFor('fr').formatMessage({ id: 'cart.count' }, { count: 1 })).toBe('1 article');
    expect(intlFor('fr').formatMessage({ id: 'cart.count' }, { count: 3 })).toBe('3 articles');
    expect(intlFor('en').formatMessage({ id: 'cart.count' }, { count: 1 })).toBe('1 item');
  });
});

describe('resolveLanguage', () => {
  it('reads the primary subtag of a supported language', () => {
    expect(resolveLanguage('en')).toBe('en');
    expect(resolveLanguage('EN-gb')).toBe('en');
    expect(resolveLanguage('fr-CH')).toBe('fr');
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
    expect(FRENCH_MONTH_NAMES).toEqual([
      'janvier', 'février', 'mars', 'avril', 'mai', 'juin',
      'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre',
    ]);
  });

  it('maps every month number 1 to 12 to its name in the page language', () => {
    expect(Object.keys(monthNames('en')).map(Number)).toEqual([...MONTHS]);
    expect(monthNames('en')[12]).toBe('December');
    expect(monthName(1, 'fr')).toBe('janvier');
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
