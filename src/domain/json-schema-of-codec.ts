import type * as t from 'io-ts';
import { FALLBACK_LANGUAGE, LANGUAGES } from './language';
import { EMAIL_ADDRESS, MAX_ADDRESS, MAX_LOCAL_PART } from './order-mail';
import { MAX_RECURRENCE_COUNT } from './recurrence';
import { DIALLED_PHONE, DOMAIN_NAME, HEX_COLOUR, MAX_AGENDA_ID, NEWS_SCOPE, PROFILE_TEXT, PUBLISHER_ID } from './site-profile';

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 embeds it), as plain data. */
export type JsonSchema = Readonly<Record<string, unknown>>;

const PROFILE_TEXT_SCHEMA: JsonSchema = {
  type: 'string',
  pattern: PROFILE_TEXT.source,
  description: 'One line of text, not blank: at most 200 characters, without control, line-separator or invisible format characters.',
};

/**
 * The wire forms of the project's own codecs (`new t.Type`, which carry no tag to read, and the
 * branded refinements of `t.brand`), by name: what each one's `validate` accepts, as far as JSON
 * Schema can say it. The calendar check of `IsoDate` (no 30 February) and the cents of `Price` are
 * said in words: a pattern cannot count days. A description is also the reason a site profile's
 * field is refused (server/profile/site-profile-check.ts), so it reads as what the value must be.
 */
export const NAMED_SCHEMAS: Readonly<Record<string, JsonSchema>> = {
  Id: {
    description: 'An identifier: a number, or a string that is not blank.',
    anyOf: [{ type: 'number' }, { type: 'string', pattern: '\\S' }],
  },
  IsoDate: {
    type: 'string',
    pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])($|[T ])',
    description: 'An ISO 8601 day (2026-12-31) or date-time (2026-12-31T18:30:00+01:00) of a real calendar day.',
  },
  WallTime: { type: 'string', pattern: '^([01]\\d|2[0-3]):[0-5]\\d(:[0-5]\\d)?$', description: 'A wall-clock time HH:MM (or HH:MM:SS), Europe/Zurich.' },
  Price: { type: 'number', minimum: 0, description: 'An amount in francs, with at most two decimals.' },
  Quantity: { type: 'integer', minimum: 1 },
  RecurrenceInterval: { type: 'integer', minimum: 1, maximum: 99, description: 'Every how many days, weeks or months the event repeats.' },
  RecurrenceCount: { type: 'integer', minimum: 1, maximum: MAX_RECURRENCE_COUNT, description: 'How many times the event takes place, exception dates included.' },
  SitePath: { type: 'string', pattern: '^/(?!/)', description: 'A normalised path of a page of this site, such as /annuaire/.' },
  // A site profile's (src/domain/site-profile.ts).
  ProfileText: PROFILE_TEXT_SCHEMA,
  HexColour: { type: 'string', pattern: HEX_COLOUR.source, description: 'A colour written #rrggbb, such as #22313f.' },
  EmailAddress: {
    type: 'string',
    maxLength: MAX_ADDRESS,
    pattern: `^(?=[^@]{1,${MAX_LOCAL_PART}}@)${EMAIL_ADDRESS.source.slice(1)}`,
    description: 'One e-mail address, such as info@example.org.',
  },
  DialledPhone: { type: 'string', pattern: DIALLED_PHONE.source, description: 'A telephone number as dialled (E.164), such as +41310000000.' },
  PublisherId: {
    type: 'string',
    pattern: PUBLISHER_ID.source,
    description: 'A slug of lower-case letters, digits and inner dashes (the publisher on opendata.swiss), such as gemeinde-beispiel.',
  },
  NewsScope: { type: 'string', pattern: NEWS_SCOPE.source, description: 'A news scope of lower-case letters, digits and dashes, such as actualites.' },
  DomainName: { type: 'string', pattern: DOMAIN_NAME.source, description: 'A lower-case domain name with at least one dot, such as gemeinde-beispiel.example.' },
  AgendaId: { type: 'integer', minimum: 1, maximum: MAX_AGENDA_ID, description: 'An agenda id: a whole number from 1.' },
  OfferedLanguages: {
    type: 'array',
    items: { enum: [...LANGUAGES] },
    minItems: 1,
    uniqueItems: true,
    description: `The languages offered: at least one, each once, of ${LANGUAGES.join(', ')}.`,
  },
  PostalAddress: { type: 'array', items: PROFILE_TEXT_SCHEMA, minItems: 1, maxItems: 6, description: 'The lines of a postal address: one to six.' },
  DefaultLanguage: {
    enum: [...LANGUAGES],
    default: FALLBACK_LANGUAGE,
    description: `The language of the addresses without a prefix, one of those offered: ${FALLBACK_LANGUAGE} when left out.`,
  },
};

interface CodecNode {
  readonly _tag?: string;
  readonly name: string;
  readonly props?: Readonly<Record<string, t.Mixed>>;
  readonly types?: readonly t.Mixed[];
  readonly type?: t.Mixed;
  readonly value?: unknown;
  readonly keys?: Readonly<Record<string, unknown>>;
}

/** How shared codecs are referred to instead of repeated: the `$ref` of a codec, or `undefined` to inline it. */
export type CodecReference = (codec: t.Mixed) => string | undefined;

const NO_REFERENCE: CodecReference = () => undefined;

// Whether the codec takes `undefined`: a key of `t.type` with such a codec may be left out of the JSON.
const acceptsUndefined = (codec: t.Mixed): boolean => {
  const node = codec as unknown as CodecNode;
  if (node._tag === 'UndefinedType' || node._tag === 'VoidType' || node._tag === 'UnknownType') return true;
  if (node._tag === 'UnionType') return node.types!.some(acceptsUndefined);
  // A named codec with a default (DefaultLanguage) fills in what is left out.
  return NAMED_SCHEMAS[node.name]?.['default'] !== undefined;
};

// `undefined` has no JSON form: a union's member for it only says the key may be missing.
const inJson = (codec: t.Mixed): boolean => {
  const tag = (codec as unknown as CodecNode)._tag;
  return tag !== 'UndefinedType' && tag !== 'VoidType';
};

/**
 * The JSON Schema of the JSON values `codec` decodes, read from the codec's structure (`t.type`,
 * `t.partial`, `t.exact`, `t.intersection`, `t.union`, `t.array`, `t.literal`, `t.keyof`,
 * primitives, and the named codecs of `NAMED_SCHEMAS`), so a published answer schema and the
 * client's decoder are one source. Objects stay open, as `t.exact` strips unknown keys rather
 * than refusing them. `reference` names shared codecs (`#/components/schemas/…`); a codec it
 * cannot read throws, so that no answer is published without a schema.
 */
export const jsonSchemaOfCodec = (codec: t.Mixed, reference: CodecReference = NO_REFERENCE): JsonSchema => {
  const ref = reference(codec);
  if (ref !== undefined) return { $ref: ref };
  const node = codec as unknown as CodecNode;
  const named = NAMED_SCHEMAS[node.name];
  if (named !== undefined && (node._tag === undefined || node._tag === 'RefinementType')) return named;
  const inner = (child: t.Mixed): JsonSchema => jsonSchemaOfCodec(child, reference);
  switch (node._tag) {
    case 'StringType':
      return { type: 'string' };
    case 'NumberType':
      return { type: 'number' };
    case 'BooleanType':
      return { type: 'boolean' };
    case 'NullType':
      return { type: 'null' };
    case 'UnknownType':
      return {};
    case 'LiteralType':
      return { const: node.value };
    case 'KeyofType':
      return { enum: Object.keys(node.keys!) };
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: inner(node.type!) };
    case 'ExactType':
    case 'ReadonlyType':
    case 'RefinementType':
      return inner(node.type!);
    case 'UnionType': {
      const members = node.types!.filter(inJson).map(inner);
      return members.length === 1 ? members[0]! : { anyOf: members };
    }
    case 'InterfaceType':
    case 'PartialType': {
      const props = Object.entries(node.props!);
      const required = node._tag === 'InterfaceType' ? props.filter(([, child]) => !acceptsUndefined(child)).map(([key]) => key) : [];
      return {
        type: 'object',
        properties: Object.fromEntries(props.map(([key, child]) => [key, inner(child)])),
        ...(required.length > 0 ? { required } : {}),
      };
    }
    case 'IntersectionType':
      return { allOf: node.types!.map(inner) };
    default:
      throw new Error(`No JSON Schema for codec ${node.name} (${String(node._tag)})`);
  }
};
