import fc from 'fast-check';
import { CartItem } from '../../src/domain/cart';
import { cartTotal, lineTotal } from '../../src/domain/cart-arithmetic';
import { isEmailAddress, orderEmailOf, orderMailto, type OrderMailWords } from '../../src/domain/order-mail';
import { intlFor } from '../../src/i18n/intl';
import { LANGUAGES, type Language } from '../../src/i18n/language';
import { wireArbitrary } from '../support/arbitrary-from-codec';
import { runs } from '../support/fuzz-runs';

// An office's address, as a site profile's `contact.email.orders` gives it.
const DEFAULT_ORDER_EMAIL = 'publications@office.example';

/** The page language's words, from the real catalogues, as the cart page gives them. */
const wordsIn = (language: Language, orderId: string | null, shipping: string): OrderMailWords => {
  const intl = intlFor(language);
  const t = (id: string, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  return {
    subject: orderId === null ? t('cart.order.mail.subject') : t('cart.order.mail.subjectWithId', { orderId }),
    opening: [t('cart.order.mail.greeting'), '', t('cart.order.mail.intro')],
    line: (line) => t('cart.order.mail.line', { ...line }),
    total: (amount) => t('cart.order.mail.total', { amount }),
    shipping: t('cart.order.mail.shipping', { method: shipping }),
    closing: [t('cart.order.mail.contact'), '', '', t('cart.order.mail.closing')],
  };
};

/** Swiss amounts of the page language, as the site writes them. */
const swissMoney =
  (language: Language) =>
  (amount: number): string =>
    new Intl.NumberFormat(`${language}-CH`, { style: 'currency', currency: 'CHF' }).format(amount);

/** A `mailto:` address read back as a mail program reads it (RFC 6068). */
const decodeMailto = (href: string): { to: string; subject: string; body: string; keys: string[] } => {
  expect(href.startsWith('mailto:')).toBe(true);
  const [to = '', query = ''] = href.slice('mailto:'.length).split('?');
  const pairs = query.split('&').map((pair) => pair.split('=') as [string, string]);
  const fields = Object.fromEntries(pairs.map(([key, value]) => [key, decodeURIComponent(value)]));
  return { to: decodeURIComponent(to), subject: fields['subject'] ?? '', body: fields['body'] ?? '', keys: pairs.map(([key]) => key) };
};

const oneLine = (text: string): string => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

// Titles as the shop may write them: any text, line breaks and controls included.
const title = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('Histoire du Château', 'A\r\nTotal : 0', '&body=x?'),
);
const line = (wireArbitrary(CartItem) as fc.Arbitrary<CartItem>).chain((item) => title.map((name) => ({ title: name, quantity: item.quantity, price: item.price })));
const addresses = fc.constantFrom(DEFAULT_ORDER_EMAIL, 'commandes+cart@canton-de-valmont.ch', "o'brien.publications@example.org", 'a@b');

describe('the order mail', () => {
  it('holds, decoded, the office, the order id, each line as the cart shows it, the total of those lines and the shipping method, on no more lines than its parts', () => {
    fc.assert(
      fc.property(
        addresses,
        fc.array(line, { minLength: 1, maxLength: 12 }),
        fc.constantFrom(...LANGUAGES),
        fc.option(fc.string({ minLength: 1, maxLength: 20 }), { nil: null }),
        fc.constantFrom('Envoi postal', 'Retrait au guichet'),
        (address, lines, language, orderId, shipping) => {
          const money = swissMoney(language);
          const words = wordsIn(language, orderId, shipping);
          const href = orderMailto({ address, lines, words, money });
          // A link a browser takes as it is: nothing but URI characters.
          expect(href).toMatch(/^mailto:[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/);
          const mail = decodeMailto(href);
          expect(mail.keys).toEqual(['subject', 'body']);
          expect(mail.to).toBe(address);
          expect(mail.subject).toBe(oneLine(words.subject));
          if (orderId !== null) expect(mail.subject).toContain(oneLine(orderId));
          const body = mail.body.split('\r\n');
          // One line a cart line, whatever its title holds: a title never starts a line of its own.
          expect(body).toHaveLength(words.opening.length + 1 + lines.length + 3 + 1 + words.closing.length);
          const listed = body.slice(words.opening.length + 1, words.opening.length + 1 + lines.length);
          expect(listed).toEqual(
            lines.map((entry) =>
              oneLine(words.line({ title: oneLine(entry.title), quantity: entry.quantity, unitPrice: money(entry.price), lineTotal: money(lineTotal(entry)) })),
            ),
          );
          expect(body).toContain(words.total(money(cartTotal(lines))));
          expect(body).toContain(words.shipping);
          expect(mail.body).not.toMatch(/\r(?!\n)|(?<!\r)\n/);
        },
      ),
      { numRuns: runs(200) },
    );
  });

  it('writes each amount in Swiss format of the page language: the line total is quantity × unit price, exact to the cent', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 6 }), fc.constantFrom(...LANGUAGES), (lines, language) => {
        const money = swissMoney(language);
        const body = decodeMailto(orderMailto({ address: DEFAULT_ORDER_EMAIL, lines, words: wordsIn(language, null, 'x'), money })).body;
        for (const entry of lines) {
          expect(body).toContain(`${entry.quantity} × ${money(entry.price)} = ${money((entry.quantity * Math.round(entry.price * 100)) / 100)}`);
        }
        // Swiss francs in every language: the decimal point, never the comma.
        expect(money(1234.5)).toMatch(/1.?234\.50/);
      }),
      { numRuns: runs(100) },
    );
  });

  it('takes a container’s data-order-email only when it is one address, trimmed', () => {
    expect(orderEmailOf(' publications@valmont.example ')).toBe('publications@valmont.example');
    for (const bad of [null, undefined, '', 'publications', 'a@b@c', 'a b@c.ch', 'a@b.ch?cc=x@y.ch', 'a@-b.ch', `${'a'.repeat(65)}@b.ch`, 'a@b.ch, c@d.ch']) {
      expect(orderEmailOf(bad)).toBeNull();
    }
    fc.assert(
      fc.property(fc.emailAddress(), (address) => {
        // What fast-check calls an address (RFC 5322's dot-atom) is one if a browser's e-mail field takes it too.
        if (isEmailAddress(address)) expect(decodeMailto(orderMailto({ address, lines: [], words: wordsIn('fr', null, 'x'), money: String })).to).toBe(address);
      }),
      { numRuns: runs(200) },
    );
  });
});
