import { cartTotal, lineTotal } from './cart-arithmetic';

// What a browser's e-mail field accepts (HTML, "valid e-mail address"): no comment, no quoted local part, no space.
/** The pattern of one e-mail address, without the lengths `isEmailAddress` also checks. */
export const EMAIL_ADDRESS = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

// RFC 5321's limits: 64 characters before the `@`, 254 in all.
/** The most characters before an address's `@` (RFC 5321). */
export const MAX_LOCAL_PART = 64;
/** The most characters of an address (RFC 5321). */
export const MAX_ADDRESS = 254;

/** Whether a text is one e-mail address a mail program takes as it is (`publications@canton.example`). */
export const isEmailAddress = (value: string): boolean => value.length <= MAX_ADDRESS && EMAIL_ADDRESS.test(value) && value.indexOf('@') <= MAX_LOCAL_PART;

/** The address of a container's `data-order-email`, trimmed, or `null` when it is missing or not one address. */
export const orderEmailOf = (value: string | null | undefined): string | null => {
  const text = (value ?? '').trim();
  return isEmailAddress(text) ? text : null;
};

/** One line of an order as the cart shows it: its name, how many, and the unit price it counts at. */
export interface OrderLine {
  readonly title: string;
  readonly quantity: number;
  readonly price: number;
}

/** A line of the mail's list, its amounts already written as the cart writes them. */
export interface OrderLineText {
  readonly title: string;
  readonly quantity: number;
  readonly unitPrice: string;
  readonly lineTotal: string;
}

/** The page language's words of the mail, from the message catalogues. */
export interface OrderMailWords {
  readonly subject: string;
  /** The sentences before the list (a greeting, what is asked). */
  readonly opening: readonly string[];
  readonly line: (line: OrderLineText) => string;
  readonly total: (amount: string) => string;
  readonly shipping: string;
  /** The sentences after the list (what the office needs to send the order), each on a line of its own. */
  readonly closing: readonly string[];
}

/** What an order mail holds: where it goes, its lines, and how amounts are written (the cart's own formatter). */
export interface OrderMail {
  readonly address: string;
  readonly lines: readonly OrderLine[];
  readonly words: OrderMailWords;
  readonly money: (amount: number) => string;
}

// A title or a sentence is one line of the mail: a line break in the shop's content must not start another.
const oneLine = (text: string): string => text.replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim();

// RFC 6068: a line break in a mailto body is CR LF.
const CRLF = '\r\n';

/** The mail's text: the opening, one line a cart line, the total of those lines, the shipping method, the closing. */
export const orderMailBody = ({ lines, words, money }: Omit<OrderMail, 'address'>): string =>
  [
    ...words.opening.map(oneLine),
    '',
    ...lines.map((line) =>
      oneLine(words.line({ title: oneLine(line.title), quantity: line.quantity, unitPrice: money(line.price), lineTotal: money(lineTotal(line)) })),
    ),
    '',
    oneLine(words.total(money(cartTotal(lines)))),
    oneLine(words.shipping),
    '',
    ...words.closing.map(oneLine),
  ].join(CRLF);

/**
 * The `mailto:` address of an order (RFC 6068): to the office, with the subject and the body
 * percent-encoded as UTF-8, so that a mail program opens it ready to send.
 */
export const orderMailto = (mail: OrderMail): string => {
  const at = mail.address.lastIndexOf('@');
  const to = `${encodeURIComponent(mail.address.slice(0, at))}@${mail.address.slice(at + 1)}`;
  return `mailto:${to}?subject=${encodeURIComponent(oneLine(mail.words.subject))}&body=${encodeURIComponent(orderMailBody(mail))}`;
};
