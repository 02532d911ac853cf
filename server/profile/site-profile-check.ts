import { isLeft, left, right, type Either } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { NAMED_SCHEMAS } from '../../src/domain/json-schema-of-codec';
import type { Language } from '../../src/domain/language';
import { Colours, ProfileLanguages, SiteProfileSettings, type Localized } from '../../src/domain/site-profile';
import { contrastRefusals, contrastRows, type ContrastRow } from './colour-contrast';
import type { Refusal } from './refusal';

/**
 * `site.json` decoded and checked: each field the codec refuses, named by its path, then what no
 * single field says (languages, names in each language offered, sections, contrast).
 */

// Combinators whose members the context names by index ("0", "1"): not a field of the file.
const WRAPPERS = new Set(['UnionType', 'IntersectionType']);

interface CodecShape {
  readonly _tag?: string;
  readonly name: string;
  readonly keys?: Readonly<Record<string, unknown>>;
}

const shapeOf = (codec: t.Decoder<unknown, unknown>): CodecShape => codec;

// What each structural codec expects, as a person says it.
const EXPECTED_BY_TAG: Readonly<Record<string, string>> = {
  InterfaceType: 'an object',
  PartialType: 'an object',
  ArrayType: 'a list',
  StringType: 'a string',
  NumberType: 'a number',
  BooleanType: 'true or false',
};

// A value as the refusal quotes it: its JSON (it came from JSON.parse, and a missing one is said
// before), cut short so that the line stays one line.
const quoted = (value: unknown): string => {
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 57)}…` : json;
};

const pathOf = (context: t.Context): string =>
  context
    .filter((_entry, index) => index > 0 && !WRAPPERS.has(shapeOf(context[index - 1]!.type)._tag ?? ''))
    .map((entry) => entry.key)
    .join('.');

const whyOf = (error: t.ValidationError): string => {
  if (error.message !== undefined) return error.message;
  if (error.value === undefined) return 'missing';
  const shape = shapeOf(error.context[error.context.length - 1]!.type);
  const description = NAMED_SCHEMAS[shape.name]?.['description'];
  const expected =
    typeof description === 'string'
      ? `${description.charAt(0).toLowerCase()}${description.slice(1).replace(/\.$/, '')}`
      : shape._tag === 'KeyofType'
        ? `one of ${Object.keys(shape.keys ?? {}).join(', ')}`
        : (EXPECTED_BY_TAG[shape._tag ?? ''] ?? shape.name);
  return `expected ${expected} (got ${quoted(error.value)})`;
};

/** The codec's errors as refusals, one a field: `languages.offered.1: expected one of fr, de, it, en (got "xx")`. */
export const decodeRefusals = (errors: t.Errors, root = 'site.json'): readonly Refusal[] => {
  const seen = new Set<string>();
  return errors.flatMap((error) => {
    const refusal = { path: pathOf(error.context) || root, why: whyOf(error) };
    const key = `${refusal.path}\n${refusal.why}`;
    if (seen.has(key)) return [];
    seen.add(key);
    return [refusal];
  });
};

const SECTIONS_SHOWN = ['agenda', 'directory', 'news', 'shop', 'search', 'openData'] as const;

// Each map of words the site shows in every language it offers; the datasets' titles only when the open data is on.
const localizedFields = (settings: SiteProfileSettings): readonly (readonly [string, Localized])[] => [
  ['institution.name.full', settings.institution.name.full],
  ['institution.name.short', settings.institution.name.short],
  ['institution.office', settings.institution.office],
  ...(settings.sections.openData ? Object.entries(settings.openData.datasets).map(([id, titles]) => [`openData.datasets.${id}`, titles] as const) : []),
];

// What no single field says: run on a file the codec took whole.
const crossFieldRefusals = (settings: SiteProfileSettings): readonly Refusal[] => {
  const { offered, default: first } = settings.languages;
  const languages: Refusal[] = offered.includes(first)
    ? []
    : [{ path: 'languages.default', why: `"${first}" is not offered (languages.offered: ${offered.join(', ')})` }];
  const words = localizedFields(settings).flatMap(([path, map]) =>
    offered.filter((language) => map[language] === undefined).map((language) => ({ path: `${path}.${language}`, why: `missing, and "${language}" is offered` })),
  );
  const { sections } = settings;
  const sectionsOn: Refusal[] = SECTIONS_SHOWN.some((name) => sections[name])
    ? []
    : [{ path: 'sections', why: `every section is off: switch on at least one of ${SECTIONS_SHOWN.join(', ')}` }];
  const register: Refusal[] =
    sections.interestsRegister && !sections.directory
      ? [{ path: 'sections.interestsRegister', why: 'on, but the directory that shows it is off (sections.directory)' }]
      : [];
  return [...languages, ...words, ...sectionsOn, ...register];
};

const partOf = (json: unknown, key: string): unknown => (typeof json === 'object' && json !== null ? (json as Record<string, unknown>)[key] : undefined);

/** The contrast of each colour pair, when the file's `colours` decode (whatever else it holds); null when they do not. */
export const contrastOf = (json: unknown): readonly ContrastRow[] | null => {
  const colours = Colours.decode(partOf(json, 'colours'));
  return isLeft(colours) ? null : contrastRows(colours.right);
};

/** The languages offered, when the file's `languages` decode: the texts to look for even in a file refused for another field. */
export const offeredLanguagesOf = (json: unknown): readonly Language[] => {
  const languages = ProfileLanguages.decode(partOf(json, 'languages'));
  return isLeft(languages) ? [] : languages.right.offered;
};

/**
 * `site.json`'s parsed JSON as settings, or every refusal: the codec's, and the contrast of the
 * colours whenever they decode (so that one run names them all); the checks across fields once
 * the codec has taken the whole file.
 */
export const checkSiteSettings = (json: unknown): Either<readonly Refusal[], SiteProfileSettings> => {
  const decoded = SiteProfileSettings.decode(json);
  const rows = contrastOf(json);
  const contrast = rows === null ? [] : contrastRefusals(rows);
  if (isLeft(decoded)) return left([...decodeRefusals(decoded.left), ...contrast]);
  const refusals = [...crossFieldRefusals(decoded.right), ...contrast];
  return refusals.length > 0 ? left(refusals) : right(decoded.right);
};
