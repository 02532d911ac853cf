import { readFileSync } from 'node:fs';
import { join } from 'node:path';
// The real parser: package.json aliases this package to its no-parser build for Parcel only (the
// browser gets precompiled ASTs); Node and Jest resolve the package itself, parser included.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

const MESSAGES_DIR = join(__dirname, '../../src/i18n/messages');

/** The source catalogue of a language (`src/i18n/messages/{language}.json`): key → ICU message. */
export const sourceCatalogue = (language: string): Readonly<Record<string, string>> =>
  JSON.parse(readFileSync(join(MESSAGES_DIR, `${language}.json`), 'utf8')) as Record<string, string>;

/** The keys one catalogue lacks and the keys it has beyond the reference (the French one). */
export const keyDifferences = (
  reference: Readonly<Record<string, string>>,
  catalogue: Readonly<Record<string, string>>,
): { readonly missing: string[]; readonly extra: string[] } => ({
  missing: Object.keys(reference)
    .filter((key) => !(key in catalogue))
    .sort(),
  extra: Object.keys(catalogue)
    .filter((key) => !(key in reference))
    .sort(),
});

/** A message's syntax tree, or the parser's complaint. */
export const parseMessage = (text: string): { readonly ast: MessageFormatElement[] } | { readonly error: string } => {
  try {
    return { ast: parse(text) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
};

/**
 * What a message asks of its caller, as sorted lines: each argument with its kind (`{count, plural}`,
 * `{name}`, `{when, date}`), a select's option keys (a gender select must offer the same
 * choices in every language) and each rich-text tag. Plural options are left out: each language
 * has its own categories.
 */
export const messageSignature = (ast: readonly MessageFormatElement[]): string[] => {
  const found = new Set<string>();
  const walk = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      switch (element.type) {
        case TYPE.argument:
          found.add(`{${element.value}}`);
          break;
        case TYPE.number:
          found.add(`{${element.value}, number}`);
          break;
        case TYPE.date:
          found.add(`{${element.value}, date}`);
          break;
        case TYPE.time:
          found.add(`{${element.value}, time}`);
          break;
        case TYPE.plural:
          found.add(`{${element.value}, ${element.pluralType === 'ordinal' ? 'selectordinal' : 'plural'}${element.offset ? `, offset:${element.offset}` : ''}}`);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.select:
          found.add(`{${element.value}, select, ${Object.keys(element.options).sort().join(' ')}}`);
          for (const option of Object.values(element.options)) walk(option.value);
          break;
        case TYPE.tag:
          found.add(`<${element.value}>`);
          walk(element.children);
          break;
        default:
          break;
      }
    }
  };
  walk(ast);
  return [...found].sort();
};

/** The plural options of a message that the language's plural rules never choose (`few` in German): `=N` is always fine. */
export const foreignPluralOptions = (ast: readonly MessageFormatElement[], language: string): string[] => {
  const cardinal = new Intl.PluralRules(language).resolvedOptions().pluralCategories as string[];
  const ordinal = new Intl.PluralRules(language, { type: 'ordinal' }).resolvedOptions().pluralCategories as string[];
  const foreign: string[] = [];
  const walk = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.plural) {
        const categories = element.pluralType === 'ordinal' ? ordinal : cardinal;
        for (const [option, { value }] of Object.entries(element.options)) {
          if (!/^=\d+$/.test(option) && !categories.includes(option)) foreign.push(`{${element.value}} ${option}`);
          walk(value);
        }
      } else if (element.type === TYPE.select) {
        for (const { value } of Object.values(element.options)) walk(value);
      } else if (element.type === TYPE.tag) {
        walk(element.children);
      }
    }
  };
  walk(ast);
  return foreign;
};

/** Values that satisfy a message's arguments, for a trial formatting: a number, a date, a string, a select's first choice or a tag's function. */
export const sampleValues = (ast: readonly MessageFormatElement[]): Record<string, string | number | Date | ((chunks: string[]) => string)> => {
  const values: Record<string, string | number | Date | ((chunks: string[]) => string)> = {};
  const walk = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.argument) values[element.value] ??= 'x';
      else if (element.type === TYPE.number || element.type === TYPE.plural) values[element.value] = 3;
      else if (element.type === TYPE.date || element.type === TYPE.time) values[element.value] = new Date(Date.UTC(2026, 11, 1, 18, 30));
      else if (element.type === TYPE.select) values[element.value] ??= Object.keys(element.options)[0] ?? 'other';
      else if (element.type === TYPE.tag) values[element.value] = (chunks) => chunks.join('');
      if (element.type === TYPE.plural || element.type === TYPE.select) for (const { value } of Object.values(element.options)) walk(value);
      if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(ast);
  return values;
};

/** The literal text of a message, piece by piece (plural and select branches included), trimmed, without the empty ones. */
export const literalPieces = (ast: readonly MessageFormatElement[]): string[] => {
  const pieces: string[] = [];
  const walk = (elements: readonly MessageFormatElement[]): void => {
    for (const element of elements) {
      if (element.type === TYPE.literal) pieces.push(element.value.trim());
      else if (element.type === TYPE.plural || element.type === TYPE.select) for (const { value } of Object.values(element.options)) walk(value);
      else if (element.type === TYPE.tag) walk(element.children);
    }
  };
  walk(ast);
  return pieces.filter((piece) => piece !== '');
};
