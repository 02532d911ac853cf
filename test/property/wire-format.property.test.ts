import fc from 'fast-check';
import { isLeft, isRight } from 'fp-ts/Either';
import type * as t from 'io-ts';
import { AgendaCategory, AgendaEvent } from '../../src/domain/agenda';
import { Cart, CartItem } from '../../src/domain/cart';
import { Contact, ContactCategory } from '../../src/domain/contact';
import { NewsCategory, NewsItem, NewsPage } from '../../src/domain/news';
import { ShopItem } from '../../src/domain/shop';
import { wireArbitrary } from '../support/arbitrary-from-codec';

const entities: readonly [string, t.Mixed, readonly string[]][] = [
  ['agenda event', AgendaEvent, ['id', 'bel_date', 'title']],
  ['agenda category', AgendaCategory, ['id', 'title']],
  ['contact', Contact, ['title']],
  ['contact category', ContactCategory, ['title']],
  ['news item', NewsItem, ['id']],
  ['news category', NewsCategory, ['id', 'title']],
  ['news page', NewsPage, ['results']],
  ['cart item', CartItem, ['variant_id', 'quantity', 'price']],
  ['cart', Cart, ['items']],
  ['shop item', ShopItem, ['variant_id', 'title', 'price']],
];

const unknownField = fc.tuple(fc.stringMatching(/^x_[a-z]{1,8}$/), fc.jsonValue());

describe.each(entities)('the %s codec', (_name, codec, required) => {
  it('decodes every wire value of its shape, with any optional field missing or null', () => {
    fc.assert(fc.property(wireArbitrary(codec), (wire) => isRight(codec.decode(wire))));
  });

  it('ignores unknown fields and leaves them out of the decoded value', () => {
    fc.assert(
      fc.property(wireArbitrary(codec), unknownField, (wire, [key, value]) => {
        const decoded = codec.decode({ ...(wire as object), [key]: value });
        return isRight(decoded) && !(key in (decoded.right as object));
      }),
    );
  });

  it.each(required)('refuses a value without its required field %s', (field) => {
    fc.assert(
      fc.property(wireArbitrary(codec), (wire) => {
        const { [field]: _removed, ...rest } = wire as Record<string, unknown>;
        return isLeft(codec.decode(rest));
      }),
    );
  });
});

describe('tolerant decoding', () => {
  it('accepts a contact without an id', () => {
    expect(isRight(Contact.decode({ title: 'Chancellerie d’État' }))).toBe(true);
  });

  it('turns numeric ids into their string form', () => {
    const decoded = AgendaEvent.decode({ id: 42, bel_date: '2026-12-31', title: 'Session' });
    expect(isRight(decoded) && decoded.right.id).toBe('42');
  });

  it('refuses impossible dates and fractions of a cent', () => {
    expect(isLeft(AgendaEvent.decode({ id: 1, bel_date: '2026-02-30', title: 'x' }))).toBe(true);
    expect(isLeft(AgendaEvent.decode({ id: 1, bel_date: '2026-13-01', title: 'x' }))).toBe(true);
    expect(isLeft(CartItem.decode({ variant_id: 1, quantity: 1, price: 0.001 }))).toBe(true);
    expect(isLeft(CartItem.decode({ variant_id: 1, quantity: 1.5, price: 1 }))).toBe(true);
  });
});
