import fc, { type Arbitrary } from 'fast-check';
import { isRight } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { LANGUAGES } from '../../src/domain/language';
import { SLUG_PATTERN } from '../../src/domain/permalinks';
import { SWISS_BOUNDS } from '../../src/domain/swiss-coordinates';

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

const isoDay = fc
  .date({ min: new Date(Date.UTC(1999, 0, 1)), max: new Date(Date.UTC(2040, 11, 31)), noInvalidDate: true })
  .map((date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`);

const profileText = fc.stringMatching(/^[A-Za-zÀ-ÿ'’][A-Za-zÀ-ÿ'’ .-]{0,30}$/);
const hexColour = fc.integer({ min: 0, max: 0xffffff }).map((value) => `#${value.toString(16).padStart(6, '0')}`);
const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,10}[a-z0-9])?$/);

// The content import's texts (server/data/content.ts): any code point but NUL, a few of them (the shortest limit is 20).
const contentText = fc.string({ unit: 'binary', maxLength: 20 }).map((text) => text.replaceAll('\u0000', ' '));
const orNull = <T>(arbitrary: Arbitrary<T>): Arbitrary<T | null> => fc.option(arbitrary, { nil: null });
const coordinate = (axis: 'latitude' | 'longitude'): Arbitrary<number> => fc.double({ min: SWISS_BOUNDS[axis].min, max: SWISS_BOUNDS[axis].max, noNaN: true });
// An event's place: its fields, and both coordinates or neither (left out, or null).
const contentPlace = fc
  .tuple(
    fc.record(
      {
        name: contentText,
        street_address: orNull(contentText),
        postcode: orNull(contentText),
        locality: orNull(contentText),
        accessibility: orNull(
          fc.record(
            { step_free: orNull(fc.boolean()), induction_loop: orNull(fc.boolean()), accessible_toilets: orNull(fc.boolean()), note: orNull(contentText) },
            { requiredKeys: [] },
          ),
        ),
      },
      { requiredKeys: ['name'] },
    ),
    fc.oneof(fc.constant({}), fc.constant({ latitude: null, longitude: null }), fc.record({ latitude: coordinate('latitude'), longitude: coordinate('longitude') })),
  )
  .map(([fields, point]) => ({ ...fields, ...point }));
// numeric(10, 2): cents up to 99,999,999.99, as a number or as decimal text.
const contentCents = fc.integer({ min: 0, max: 9_999_999_999 });

// Wire values of the project's own codecs, which are built with `new t.Type` or `t.brand` and are known by name.
const byName: Readonly<Record<string, Arbitrary<unknown>>> = {
  Id: fc.oneof(fc.nat(), fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,11}$/)),
  IsoDate: fc.oneof(
    isoDay,
    fc.tuple(isoDay, fc.integer({ min: 0, max: 23 })).map(([day, hour]) => `${day}T${pad(hour)}:00:00+01:00`),
  ),
  WallTime: fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`),
  Price: fc.integer({ min: 0, max: 100_000 }).map((cents) => cents / 100),
  Quantity: fc.integer({ min: 1, max: 99 }),
  RecurrenceInterval: fc.integer({ min: 1, max: 99 }),
  RecurrenceCount: fc.integer({ min: 1, max: 1000 }),
  SitePath: fc.array(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,11}$/), { maxLength: 3 }).map((parts) => `/${parts.map((part) => `${part}/`).join('')}`),
  // A site profile's (src/domain/site-profile.ts).
  ProfileText: profileText,
  HexColour: hexColour,
  EmailAddress: fc
    .tuple(fc.stringMatching(/^[a-z0-9][a-z0-9._+-]{0,15}$/), label, fc.stringMatching(/^[a-z]{2,6}$/))
    .map(([local, host, top]) => `${local}@${host}.${top}`),
  DialledPhone: fc.stringMatching(/^\+[1-9][0-9]{6,14}$/),
  PublisherId: label,
  NewsScope: fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,20}$/),
  DomainName: fc.array(label, { minLength: 2, maxLength: 4 }).map((labels) => labels.join('.')),
  AgendaId: fc.integer({ min: 1, max: 2147483647 }),
  OfferedLanguages: fc.shuffledSubarray([...LANGUAGES], { minLength: 1 }),
  PostalAddress: fc.array(profileText, { minLength: 1, maxLength: 6 }),
  // Left out sometimes: the profile then speaks French at its root.
  DefaultLanguage: fc.option(fc.constantFrom(...LANGUAGES), { nil: undefined }),
  // The content import's (server/data/content.ts).
  RowId: fc.integer({ min: 1, max: 2147483647 }),
  Title: contentText,
  ContactTitle: contentText,
  ShortText: contentText,
  LongText: contentText,
  EventDescription: contentText,
  ScopeSlug: contentText,
  Postcode: contentText,
  DateOnly: fc.oneof(isoDay, fc.constantFrom('0001-01-01', '0004-02-29', '2000-02-29', '9999-12-31')),
  Slug: fc.stringMatching(SLUG_PATTERN),
  Latitude: coordinate('latitude'),
  Longitude: coordinate('longitude'),
  ContentPlace: contentPlace,
  ContentPrice: fc.oneof(
    contentCents.map((cents) => cents / 100),
    contentCents.map((cents) => (cents / 100).toFixed(2)),
  ),
};

interface Tagged {
  readonly _tag?: string;
  readonly name: string;
  readonly props?: Readonly<Record<string, t.Mixed>>;
  readonly types?: readonly t.Mixed[];
  readonly type?: t.Mixed;
  readonly value?: unknown;
  readonly keys?: Readonly<Record<string, unknown>>;
}

/**
 * An arbitrary of the wire values a codec accepts, read from the codec's structure, so a
 * property covers every shape the API may send. Optional keys are sometimes absent.
 */
export const wireArbitrary = (codec: t.Mixed): Arbitrary<unknown> => {
  const node = codec as unknown as Tagged;
  if (node.name in byName) return byName[node.name]!;
  switch (node._tag) {
    case 'StringType':
      return fc.string({ unit: 'grapheme', maxLength: 40 });
    case 'NumberType':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'BooleanType':
      return fc.boolean();
    case 'NullType':
      return fc.constant(null);
    case 'UndefinedType':
      return fc.constant(undefined);
    case 'UnknownType':
      return fc.jsonValue();
    case 'LiteralType':
      return fc.constant(node.value);
    case 'KeyofType':
      return fc.constantFrom(...Object.keys(node.keys!));
    case 'ArrayType':
      return fc.array(wireArbitrary(node.type!), { maxLength: 4 });
    case 'ExactType':
      return wireArbitrary(node.type!);
    case 'UnionType':
      return fc.oneof(...node.types!.map(wireArbitrary));
    case 'InterfaceType':
      return fc.record(mapProps(node.props!));
    case 'PartialType':
      return fc.record(mapProps(node.props!), { requiredKeys: [] });
    case 'IntersectionType':
      return fc.tuple(...node.types!.map(wireArbitrary)).map((parts) => Object.assign({}, ...parts.map((part) => part as object)) as unknown);
    default:
      throw new Error(`No arbitrary for codec ${node.name} (${String(node._tag)})`);
  }
};

const mapProps = (props: Readonly<Record<string, t.Mixed>>): Record<string, Arbitrary<unknown>> =>
  Object.fromEntries(Object.entries(props).map(([key, codec]) => [key, wireArbitrary(codec)]));

/** An arbitrary of decoded values: wire values passed through the codec itself. */
export const decodedArbitrary = <C extends t.Mixed>(codec: C): Arbitrary<t.TypeOf<C>> =>
  wireArbitrary(codec).map((wire) => {
    const decoded = codec.decode(wire);
    if (!isRight(decoded)) throw new Error(`The arbitrary of ${codec.name} made a value it refuses`);
    return decoded.right as t.TypeOf<C>;
  });
