import fc from 'fast-check';
import ICAL from 'ical.js';
import { Contact, PERSON } from '../../src/domain/contact';
import { safeWebsite } from '../../src/domain/directory';
import { toVCard } from '../../src/domain/vcard';
import { decodedArbitrary } from '../support/arbitrary-from-codec';
import { runs } from '../support/fuzz-runs';

// Any text, and text made of what could end a value, a line or a whole card: an imported phone
// `+41 1\r\nX-INJ:1` put a property of its own in the directory's vCards.
const hostile = fc
  .array(
    fc.oneof(
      fc.constantFrom('\r', '\n', '\r\n', ';', ',', '\\', '\\n', ':', ' ', 'X-INJ:1', 'END:VCARD', 'BEGIN:VCARD', 'TEL:+41 1', 'é', '😀'),
      fc.string({ unit: 'binary', maxLength: 12 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(''));
const anyText = fc.oneof(hostile, fc.string({ unit: 'binary', maxLength: 90 }));

const contact = fc
  .tuple(
    decodedArbitrary(Contact),
    fc.record(
      {
        title: anyText,
        type_contact: fc.oneof(fc.constant(PERSON), anyText),
        fonction: anyText,
        parti: anyText,
        email: anyText,
        phone: anyText,
        fax: anyText,
        address: anyText,
        website: fc.oneof(anyText, fc.webUrl()),
        categories: fc.array(anyText, { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([decoded, hostileFields]): Contact => ({ ...decoded, ...hostileFields }));

/** One property as read back: its name, its TYPE and its values (a structured value as its components). */
interface ReadProperty {
  readonly name: string;
  readonly type: string | undefined;
  readonly values: readonly unknown[];
}

// The properties as ical.js finds them: a second card, or a line of its own, would show here.
const propertyNames = (card: string): string[] => {
  const parsed = ICAL.parse(card) as unknown[];
  // Two cards parse as a list of cards: one is one jCard.
  expect(parsed[0]).toBe('vcard');
  return (parsed[1] as [string, ...unknown[]][]).map(([name]) => name);
};

// The values by RFC 2426's own grammar (§4: `\\`, `\;`, `\,`, `\n` in every text value; `;` parts a
// structured one, `,` a list): ical.js reads them as RFC 6350 does, leaving `\;` in a value that is
// not structured, and drops every backslash of a TEL, so it is not the judge of the values.
const unescaped = (text: string): string => text.replace(/\\([\\;,nN])/g, (_found, escaped: string) => (escaped === 'n' || escaped === 'N' ? '\n' : escaped));
const split = (text: string, separator: ';' | ','): string[] => {
  const parts: string[] = [];
  let part = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index]!;
    if (char === '\\') {
      part += char + (text[index + 1] ?? '');
      index += 1;
    } else if (char === separator) {
      parts.push(part);
      part = '';
    } else part += char;
  }
  return [...parts, part];
};
const STRUCTURED = new Set(['n', 'adr', 'org']);
const properties = (card: string): ReadProperty[] =>
  card
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '' && !/^(BEGIN|END|PRODID|REV):/.test(line))
    .map((line) => {
      const colon = line.indexOf(':');
      const [name = '', ...params] = line.slice(0, colon).split(';');
      const value = line.slice(colon + 1);
      const key = name.toLowerCase();
      const type = params.find((param) => param.startsWith('TYPE='))?.slice('TYPE='.length);
      if (STRUCTURED.has(key)) return { name: key, type, values: [split(value, ';').map(unescaped)] };
      if (key === 'categories') return { name: key, type, values: split(value, ',').map(unescaped) };
      return { name: key, type, values: [key === 'url' ? value : unescaped(value)] };
    });

// A line break of any kind is one LF once read back: vCard has one escape for all (`\n`).
const oneBreak = (text: string): string => text.replace(/\r\n?/g, '\n');
const words = (text: string): string[] => text.split(/[\s,]+/).filter((word) => word !== '');

/** The properties the card must hold, in its order, from the contact alone. */
const expected = (c: Contact): ReadProperty[] => {
  const name = c.title.trim() || 'Contact';
  const person = c.type_contact === PERSON;
  const parts = name.split(/\s+/);
  const website = safeWebsite(c.website);
  const list: (ReadProperty | false | '' | null | undefined)[] = [
    { name: 'version', type: undefined, values: ['3.0'] },
    person
      ? { name: 'n', type: undefined, values: [[parts.at(-1) ?? name, parts.slice(0, -1).join(' '), '', '', '']] }
      : { name: 'n', type: undefined, values: [[oneBreak(name), '', '', '', '']] },
    { name: 'fn', type: undefined, values: [person ? parts.join(' ') : oneBreak(name)] },
    person && c.fonction && { name: 'title', type: undefined, values: [oneBreak(c.fonction)] },
    person ? c.parti && { name: 'org', type: undefined, values: [[oneBreak(c.parti)]] } : { name: 'org', type: undefined, values: [[oneBreak(name)]] },
    c.email && { name: 'email', type: undefined, values: [oneBreak(c.email.trim())] },
    c.phone && { name: 'tel', type: 'WORK', values: [oneBreak(c.phone)] },
    c.fax && { name: 'tel', type: 'FAX', values: [oneBreak(c.fax)] },
    website !== null && { name: 'url', type: undefined, values: [website] },
    c.categories && c.categories.length > 0 && { name: 'categories', type: undefined, values: c.categories.map((category) => oneBreak(category.trim())) },
  ];
  return list.filter((item): item is ReadProperty => typeof item === 'object' && item !== null);
};

describe('the vCard of any contact', () => {
  it('reads back as one card holding exactly the properties written, each with its value whole', () => {
    fc.assert(
      fc.property(contact, (c) => {
        const card = toVCard(c);
        const read = properties(card);
        expect(propertyNames(card).filter((name) => name !== 'prodid' && name !== 'rev')).toEqual(read.map(({ name }) => name));
        // The address is split into its parts (street, town, postcode), checked apart below.
        const address = read.filter(({ name }) => name === 'adr');
        expect(read.filter(({ name }) => name !== 'adr')).toEqual(expected(c));
        if (c.address) {
          expect(address).toHaveLength(1);
          const components = address[0]?.values[0];
          expect(Array.isArray(components) && components.length === 7).toBe(true);
          const text = (components as unknown[]).flat().join(' ');
          expect(words(text).sort()).toEqual(words(oneBreak(c.address)).sort());
        } else expect(address).toEqual([]);
      }),
      { numRuns: runs(300) },
    );
  });

  it('keeps an injected line inside its value: the phone of the hostile probe', () => {
    const card = toVCard({ title: 'Hélène Rochat', type_contact: PERSON, phone: '+41 1\r\nX-INJ:1', email: 'a@b.example\nEND:VCARD\nBEGIN:VCARD' });
    expect(card).toContain('TEL;TYPE=WORK:+41 1\\nX-INJ:1\r\n');
    expect(card).toContain('EMAIL:a@b.example\\nEND:VCARD\\nBEGIN:VCARD\r\n');
    expect(card.split('\r\n').filter((line) => /^(X-INJ|BEGIN|END):/.test(line))).toEqual(['BEGIN:VCARD', 'END:VCARD']);
  });
});
