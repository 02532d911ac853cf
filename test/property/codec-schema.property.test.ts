import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import fc, { type Arbitrary } from 'fast-check';
import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { okSchema, openApiDocument, ROUTE_DESCRIPTIONS } from '../../server/http/description/openapi-document';
import { jsonSchemaOfCodec } from '../../src/domain/json-schema-of-codec';
import { ListAnswer, PageOf } from '../../src/domain/paging';
import { SiteProfileSettings } from '../../src/domain/site-profile';
import { siteProfileSchema } from '../../src/domain/site-profile-schema';
import { wireArbitrary } from '../support/arbitrary-from-codec';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';

// One source: every answer schema of the document is generated from the client's codec. These
// properties fail as soon as a codec and its published schema disagree on a value.

const document = openApiDocument(defaultSiteProfile());
const ajv = new Ajv({ strict: false, allErrors: true });
const validatorOf = (schema: object) => ajv.compile({ ...schema, components: document.components });

// Each route's 200 as the client decodes it (a list by ListAnswer: the legacy array or a page), with the schema the document publishes for it.
const answers = Object.entries(ROUTE_DESCRIPTIONS).map(([url, { answer }]) => ({
  name: url,
  schema: okSchema(answer),
  // The shapes a list answer comes in, for the arbitrary.
  codec: 'one' in answer ? answer.one : t.union([t.array(answer.list), PageOf(answer.list)]),
  decode: (value: unknown) => isRight('one' in answer ? answer.one.decode(value) : ListAnswer(answer.list).decode(value)),
}));

/**
 * A wire value broken at one random place: a key removed, or a value replaced by another JSON
 * type, by `null`, by a negative or positive integer, by a word. JSON never carries `NaN`, so
 * the numbers are integers; the words are letters, never a number written as text.
 */
const corrupted = (value: unknown): Arbitrary<unknown> => {
  const replacement = fc.oneof(
    fc.constant(null),
    fc.integer({ min: -5, max: 5 }),
    fc.stringMatching(/^[a-z]{0,6}$/),
    fc.boolean(),
    fc.constant([]),
    fc.constant({}),
  );
  const places = (node: unknown, path: readonly (string | number)[]): (readonly (string | number)[])[] =>
    Array.isArray(node)
      ? [path, ...node.flatMap((item, index) => places(item, [...path, index]))]
      : node !== null && typeof node === 'object'
        ? [path, ...Object.entries(node).flatMap(([key, item]) => places(item, [...path, key]))]
        : [path];
  const all = places(value, []);
  return fc.tuple(fc.constantFrom(...all), replacement, fc.boolean()).map(([path, newValue, remove]) => {
    if (path.length === 0) return newValue;
    const copy = structuredClone(value) as Record<string | number, unknown>;
    let parent = copy;
    for (const step of path.slice(0, -1)) parent = parent[step] as Record<string | number, unknown>;
    const last = path[path.length - 1]!;
    // A key left out, as a backend that omits it would send.
    if (remove && !Array.isArray(parent)) Reflect.deleteProperty(parent, last);
    else parent[last] = newValue;
    return copy;
  });
};

describe('the published answer schemas and the client codecs', () => {
  it.each(answers.map((answer) => [answer.name, answer] as const))('%s: every wire value the codec accepts validates against the schema', (_, answer) => {
    const validate = validatorOf(answer.schema);
    fc.assert(
      fc.property(wireArbitrary(answer.codec), (value) => {
        expect(answer.decode(value)).toBe(true);
        expect(validate(value)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it.each(answers.map((answer) => [answer.name, answer] as const))('%s: on broken values, the codec decodes exactly what the schema validates', (_, answer) => {
    const validate = validatorOf(answer.schema);
    fc.assert(
      fc.property(
        wireArbitrary(answer.codec).chain((value) => corrupted(value)),
        (value) => {
          expect(validate(value)).toBe(answer.decode(value));
        },
      ),
      { numRuns: 80 },
    );
  });

  // The schema of a site profile's site.json, published at /api/ and kept in docs/, says what its codec decodes.
  it('site.json: on wire values and broken ones, the codec decodes exactly what the published schema validates', () => {
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(siteProfileSchema());
    const decodes = (value: unknown): boolean => isRight(SiteProfileSettings.decode(value));
    fc.assert(
      fc.property(
        wireArbitrary(SiteProfileSettings).chain((value) => fc.oneof(fc.constant(value), corrupted(value))),
        (value) => {
          expect(validate(value)).toBe(decodes(value));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('refuses to publish a codec it cannot read', () => {
    expect(() => jsonSchemaOfCodec(t.record(t.string, t.string))).toThrow(/No JSON Schema/);
  });

  it('reads each io-ts combinator', () => {
    expect(jsonSchemaOfCodec(t.keyof({ post: null, counter: null }))).toEqual({ enum: ['post', 'counter'] });
    expect(jsonSchemaOfCodec(t.union([t.literal('a'), t.null, t.undefined]))).toEqual({ anyOf: [{ const: 'a' }, { type: 'null' }] });
    expect(jsonSchemaOfCodec(t.type({ a: t.string, b: t.union([t.number, t.undefined]) }))).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'number' } },
      required: ['a'],
    });
  });
});
