import { createIntl } from '@formatjs/intl';
import { LANGUAGES } from '../../src/i18n/language';
import { foreignPluralOptions, keyDifferences, messageSignature, parseMessage, sampleValues, sourceCatalogue } from '../support/message-catalogues';

// French is the reference: every other catalogue has its keys, no more, and each of its messages
// takes the same arguments, so a caller written against the French message works in every language.
const french = sourceCatalogue('fr');
const OTHERS = LANGUAGES.filter((language) => language !== 'fr');

const asts = (language: string) =>
  Object.entries(sourceCatalogue(language)).flatMap(([key, text]) => {
    const parsed = parseMessage(text);
    return 'ast' in parsed ? [{ key, ast: parsed.ast }] : [];
  });

describe('the message catalogues, against the French one', () => {
  it.each(OTHERS)('%s has every key of the French catalogue and no other', (language) => {
    expect(keyDifferences(french, sourceCatalogue(language))).toEqual({ missing: [], extra: [] });
  });

  it.each(LANGUAGES)('every %s message is valid ICU syntax and not empty', (language) => {
    const problems = Object.entries(sourceCatalogue(language)).flatMap(([key, text]) => {
      if (text.trim() === '') return [`${key}: empty`];
      const parsed = parseMessage(text);
      return 'error' in parsed ? [`${key}: ${parsed.error}`] : [];
    });
    expect(problems).toEqual([]);
  });

  it.each(OTHERS)('every %s message takes the arguments of the French one, by name and kind', (language) => {
    const frenchAsts = new Map(asts('fr').map(({ key, ast }) => [key, ast]));
    const differences = asts(language).flatMap(({ key, ast }) => {
      const reference = frenchAsts.get(key);
      if (reference === undefined) return [];
      const expected = messageSignature(reference);
      const actual = messageSignature(ast);
      return expected.join(' ') === actual.join(' ') ? [] : [`${key}: ${actual.join(' ') || '(none)'} instead of ${expected.join(' ') || '(none)'}`];
    });
    expect(differences).toEqual([]);
  });

  it.each(LANGUAGES)('the %s plurals use only the plural categories of the language', (language) => {
    const foreign = asts(language).flatMap(({ key, ast }) => foreignPluralOptions(ast, language).map((option) => `${key}: ${option}`));
    expect(foreign).toEqual([]);
  });

  it.each(LANGUAGES)('every %s message formats with values for the French message’s arguments', (language) => {
    const errors: string[] = [];
    const messages = sourceCatalogue(language);
    const intl = createIntl({ locale: language, defaultLocale: 'fr', messages, onError: (error) => errors.push(error.message) });
    for (const { key, ast } of asts('fr')) {
      if (!(key in messages)) continue;
      const formatted = intl.formatMessage({ id: key }, sampleValues(ast));
      if (typeof formatted !== 'string' || formatted.trim() === '') errors.push(`${key}: formats to nothing`);
    }
    expect(errors).toEqual([]);
  });
});

// The checks above must be able to fail: each meets one defect it exists for.
describe('the catalogue checks', () => {
  it('names the missing and the extra keys', () => {
    expect(keyDifferences({ a: 'A', b: 'B' }, { b: 'B', c: 'C' })).toEqual({ missing: ['a'], extra: ['c'] });
  });

  it('reports a message that does not parse', () => {
    expect(parseMessage('{count, plural, one {# item}')).toHaveProperty('error');
    expect(parseMessage('{count, plural, one {# item} other {# items}}')).toHaveProperty('ast');
  });

  const signatureOf = (text: string): string[] => {
    const parsed = parseMessage(text);
    if (!('ast' in parsed)) throw new Error(parsed.error);
    return messageSignature(parsed.ast);
  };

  it('tells a renamed, a missing or a retyped argument from the French one', () => {
    const reference = signatureOf('« {title} » ajouté ({quantity, plural, one {# exemplaire} other {# exemplaires}})');
    expect(signatureOf('«{title}» hinzugefügt ({quantity, plural, one {# Exemplar} other {# Exemplare}})')).toEqual(reference);
    expect(signatureOf('«{name}» hinzugefügt ({quantity, plural, one {# Exemplar} other {# Exemplare}})')).not.toEqual(reference);
    expect(signatureOf('hinzugefügt ({quantity, plural, one {# Exemplar} other {# Exemplare}})')).not.toEqual(reference);
    expect(signatureOf('«{title}» hinzugefügt ({quantity})')).not.toEqual(reference);
    expect(signatureOf('{g, select, female {elle} other {il}}')).not.toEqual(signatureOf('{g, select, male {er} other {es}}'));
    expect(signatureOf('<b>{n, number}</b>')).toEqual(['<b>', '{n, number}']);
  });

  it('finds plural categories the language never chooses', () => {
    const parsed = parseMessage('{count, plural, =0 {keine} one {eine} few {wenige} other {viele}}');
    if (!('ast' in parsed)) throw new Error(parsed.error);
    expect(foreignPluralOptions(parsed.ast, 'de')).toEqual(['{count} few']);
    expect(foreignPluralOptions(parsed.ast, 'fr')).toEqual(['{count} few']);
    expect(foreignPluralOptions(parsed.ast, 'en')).toEqual(['{count} few']);
  });
});
