import fc from 'fast-check';
import { toQueryString, type QueryValue } from '../../src/domain/query';

const name = fc.stringMatching(/^[a-z_]{1,10}$/);
const scalar = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 20 }), fc.integer());
const value: fc.Arbitrary<QueryValue> = fc.oneof(scalar, fc.array(scalar, { maxLength: 4 }), fc.constant(null), fc.constant(undefined));

describe('toQueryString', () => {
  it('sends exactly the set parameters, lists as repeated parameters, in order', () => {
    fc.assert(
      fc.property(fc.dictionary(name, value), (params) => {
        const query = toQueryString(params);
        const parsed = new URLSearchParams(query.replace(/^\?/, ''));
        const expected = Object.entries(params).flatMap(([key, v]) =>
          v === null || v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((item) => [key, String(item)]),
        );
        expect([...parsed.entries()]).toEqual(expected);
        expect(query === '' || query.startsWith('?')).toBe(true);
        expect(query === '').toBe(expected.length === 0);
      }),
    );
  });

  it('encodes accents and reserved characters so they arrive as typed', () => {
    expect(toQueryString({ title: 'Hélène & Co', categories: [3, 7] })).toBe('?title=H%C3%A9l%C3%A8ne+%26+Co&categories=3&categories=7');
  });
});
