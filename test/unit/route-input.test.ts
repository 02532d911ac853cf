import fc from 'fast-check';
import { idListSchema, idSchema, searchTextSchema } from '../../server/http/query-schemas';
import { ajvMessage, MAX_INTEGER_DIGITS, PLAIN_INTEGER, routeDecoder } from '../../server/http/route-input';
import { runs } from '../support/fuzz-runs';

// A route of every kind of field the decoder treats apart: an id in the path, and in the query an
// integer with a default, a list of ids, a search text and a list of plain texts. Its decoder is
// built in each test, not when the file loads: Stryker counts code run outside any test as covered
// by none.
const SCHEMA = {
  params: { type: 'object', properties: { id: idSchema }, required: ['id'], additionalProperties: false },
  querystring: {
    type: 'object',
    properties: {
      page: { type: 'integer', minimum: 1, default: 1 },
      categories: idListSchema,
      title: searchTextSchema,
      tags: { type: 'array', items: { type: 'string', maxLength: 10 } },
    },
    additionalProperties: false,
  },
};
const decode = (params: unknown, query: unknown) => routeDecoder(SCHEMA)(params, query);

// Decoded values are objects without a prototype (a `__proto__` key is just a key): compared with toEqual.
const refusal = (message: string) => ({ ok: false, answer: { status: 400, body: { statusCode: 400, error: 'Bad Request', message } } });

// Digits with a loose character somewhere: each is what Ajv alone would still coerce, or not.
const looseInteger = fc.constantFrom('1e3', ' 3', '3 ', '0x10', '+3', '-1', '1.0', 'Infinity', '');

describe('a route decoder', () => {
  it('fills a query parameter left out with its default, and leaves a list left out absent', () => {
    expect(decode({ id: '4' }, {})).toEqual({ ok: true, params: { id: 4 }, query: { page: 1 } });
  });

  it('refuses a list whose first value is not plain digits, naming that value', () => {
    fc.assert(
      fc.property(looseInteger, fc.array(fc.integer({ min: 1, max: 99 }).map(String), { maxLength: 3 }), (loose, rest) => {
        expect(decode({ id: '4' }, { categories: [loose, ...rest] })).toEqual(refusal('querystring/categories/0 must be integer'));
      }),
      { numRuns: runs(50) },
    );
  });

  it('reads a single value of a list as a list of one, and refuses it when it is not plain digits', () => {
    expect(decode({ id: '4' }, { categories: '07' })).toEqual({ ok: true, params: { id: 4 }, query: { page: 1, categories: [7] } });
    fc.assert(
      fc.property(looseInteger, (loose) => {
        expect(decode({ id: '4' }, { categories: loose })).toEqual(refusal('querystring/categories/0 must be integer'));
      }),
      { numRuns: runs(20) },
    );
  });

  it('checks only lists of integers as integers: a list of texts keeps any text, a text is a text', () => {
    expect(decode({ id: '4' }, { tags: ['1e3', 'vélo'], title: ' 3' })).toEqual({
      ok: true,
      params: { id: 4 },
      query: { page: 1, tags: ['1e3', 'vélo'], title: ' 3' },
    });
    expect(decode({ id: '4' }, { tags: 'x'.repeat(11) })).toEqual(refusal('querystring/tags/0 must NOT have more than 10 characters'));
  });

  it('takes a list whose schema says nothing of its items without checking them, as a set', () => {
    const anyList = routeDecoder({ querystring: { type: 'object', properties: { any: { type: 'array' } } } });
    expect(anyList({}, { any: ['a', '1e3', 'a'] })).toEqual({ ok: true, params: {}, query: { any: ['1e3', 'a'] } });
  });

  it('reads anything but an object as no parameter at all', () => {
    const none = routeDecoder({ params: { type: 'object', additionalProperties: false }, querystring: { type: 'object', additionalProperties: false } });
    for (const raw of [null, undefined, 'ab', 7, true]) expect(none(raw, raw)).toEqual({ ok: true, params: {}, query: {} });
    expect(none({ a: '1' }, {})).toEqual(refusal("params must NOT have additional properties: 'a'"));
  });

  it('names the first problem only, params before the query', () => {
    expect(decode({ id: '4' }, { b: '1', a: '2' })).toEqual(refusal("querystring must NOT have additional properties: 'b'"));
    expect(decode({ id: '0' }, { page: '0' })).toEqual(refusal('params/id must be >= 1'));
    expect(decode({ id: '4' }, { page: '0', title: 'x'.repeat(201) })).toEqual(refusal('querystring/page must be >= 1'));
  });

  it('can be built twice from schemas that carry the same $id', () => {
    const schema = { querystring: { $id: 'https://institution.example/schemas/page', type: 'object', properties: { page: { type: 'integer' } } } };
    const first = routeDecoder(schema);
    const second = routeDecoder(schema);
    expect(second({}, { page: '2' })).toEqual(first({}, { page: '2' }));
  });

  it('knows plain digits from any other way of writing a number', () => {
    expect(PLAIN_INTEGER.test('0012')).toBe(true);
    for (const text of ['', '1e3', '-1', '+1', ' 1', '1 ', '1.0', '٣', '１']) expect(PLAIN_INTEGER.test(text)).toBe(false);
  });

  // Issue 42: 309 digits read as Infinity, which passed `maximum` and reached PostgreSQL (a 500).
  it('refuses an integer of more than MAX_INTEGER_DIGITS digits, in the path, a value and a list, whatever its bounds', () => {
    const unbounded = routeDecoder({ querystring: { type: 'object', properties: { n: { type: 'integer' } } } });
    for (const digits of [MAX_INTEGER_DIGITS + 1, 20, 309, 400]) {
      const text = '9'.repeat(digits);
      const message = `must have at most ${MAX_INTEGER_DIGITS} digits`;
      expect(decode({ id: text }, {})).toEqual(refusal(`params/id ${message}`));
      expect(decode({ id: '4' }, { page: text })).toEqual(refusal(`querystring/page ${message}`));
      expect(decode({ id: '4' }, { categories: ['3', text] })).toEqual(refusal(`querystring/categories/1 ${message}`));
      expect(unbounded({}, { n: text })).toEqual(refusal(`querystring/n ${message}`));
    }
    expect(unbounded({}, { n: '0'.repeat(MAX_INTEGER_DIGITS - 1) + '7' })).toEqual({ ok: true, params: {}, query: { n: 7 } });
  });

  it('makes every list a set: ascending, each value once, whatever the order and repeats of the address', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 12 }), (ids) => {
        const decoded = decode({ id: '4' }, { categories: ids.map(String) });
        expect(decoded).toEqual({ ok: true, params: { id: 4 }, query: { page: 1, categories: [...new Set(ids)].sort((a, b) => a - b) } });
      }),
      { numRuns: runs(100) },
    );
    expect(decode({ id: '4' }, { tags: ['b', 'a', 'b'] })).toMatchObject({ ok: true, query: { tags: ['a', 'b'] } });
  });
});

describe('ajvMessage', () => {
  it('says where the value is, what is wrong, and which unknown parameter it was', () => {
    expect(ajvMessage({ instancePath: '/page', message: 'must be integer', params: { type: 'integer' } }, 'querystring')).toBe('querystring/page must be integer');
    expect(ajvMessage({ instancePath: '', message: 'must NOT have additional properties', params: { additionalProperty: 'x' } }, 'params')).toBe(
      "params must NOT have additional properties: 'x'",
    );
  });

  it('says "is invalid" when Ajv gives no message', () => {
    expect(ajvMessage({ instancePath: '/q', params: {} }, 'querystring')).toBe('querystring/q is invalid');
  });
});
