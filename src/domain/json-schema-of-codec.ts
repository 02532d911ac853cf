import type * as t from 'io-ts';
import { MAX_RECURRENCE_COUNT } from './recurrence';

/** A JSON Schema (draft 2020-12, as OpenAPI 3.1 embeds it), as plain data. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/**
 * The wire forms of the project's own codecs (`new t.Type`, which carry no tag to read), by
 * name: what each one's `validate` accepts, as far as JSON Schema can say it. The calendar check
 * of `IsoDate` (no 30 February) and the cents of `Price` are said in words: a pattern cannot count days.
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
  return false;
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
  if (named !== undefined && node._tag === undefined) return named;
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
