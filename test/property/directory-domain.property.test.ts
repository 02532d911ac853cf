import fc from 'fast-check';
import ICAL from 'ical.js';
import { Contact } from '../../src/domain/contact';
import { addressBreaks, contactItemPath, contactsPath, filtersFromSearch, filtersToSearch, safeWebsite, telHref } from '../../src/domain/directory';
import { icsFileName, vCardFileName } from '../../src/domain/file-names';
import { MAX_PAGE_SIZE, PAGE_SIZES } from '../../src/domain/paging';
import { toVCard } from '../../src/domain/vcard';
import { decodedArbitrary } from '../support/arbitrary-from-codec';

const text = fc.string({ unit: 'grapheme', maxLength: 20 });
const filters = fc.record({ text, category: text });

describe('the contacts call', () => {
  it('sends the text as typed in title and the category title in category, only when set, then the page size', () => {
    fc.assert(
      fc.property(filters, fc.integer({ min: 1, max: MAX_PAGE_SIZE }), (f, size) => {
        const path = contactsPath(f, size);
        expect(path.startsWith('/api/contacts/?')).toBe(true);
        const params = new URLSearchParams(path.slice('/api/contacts/'.length));
        expect(params.getAll('title')).toEqual(f.text === '' ? [] : [f.text]);
        expect(params.getAll('category')).toEqual(f.category === '' ? [] : [f.category]);
        expect(params.getAll('page_size')).toEqual([String(size)]);
        expect([...params.keys()]).toEqual([...(f.text === '' ? [] : ['title']), ...(f.category === '' ? [] : ['category']), 'page_size']);
      }),
    );
    expect(contactsPath({ text: '', category: '' })).toBe(`/api/contacts/?page_size=${PAGE_SIZES.contacts}`);
  });

  it('asks for one contact by its slug, kept inside its path segment', () => {
    expect(contactItemPath('marc-jaquet')).toBe('/api/contacts/marc-jaquet/');
    expect(contactItemPath('a/../b?x')).toBe('/api/contacts/a%2F..%2Fb%3Fx/');
  });
});

describe('the filters in the page address', () => {
  it('come back from the address exactly as they were written', () => {
    fc.assert(fc.property(filters, (f) => expect(filtersFromSearch(filtersToSearch(f))).toEqual(f)));
  });
});

describe('links of a contact', () => {
  it('make a website a link only for an absolute http(s) address', () => {
    fc.assert(
      fc.property(fc.oneof(fc.webUrl(), text, fc.constantFrom('javascript:alert(1)', 'JAVASCRIPT:x', 'ftp://x.ch', 'mailto:a@b.ch')), (url) => {
        const safe = safeWebsite(url);
        expect(safe === null || /^https?:\/\//.test(safe)).toBe(true);
        if (/^https?:\/\/[^\s]+$/i.test(url.trim())) expect(safe).not.toBeNull();
      }),
    );
  });

  it('dial a phone number without spaces', () => {
    fc.assert(fc.property(text, (phone) => expect(telHref(phone)).toMatch(/^tel:[\d+]*$/)));
    expect(telHref('+41 32 889 12 34')).toBe('tel:+41328891234');
  });
});

describe('where an e-mail or web address may break', () => {
  const address = fc.oneof(fc.emailAddress(), fc.webUrl(), fc.string({ unit: fc.constantFrom('a', 'b', '.', '@', '/', '-'), maxLength: 30 }));

  it('cuts only after "@" and "/" and before ".", and the pieces give the address back', () => {
    fc.assert(
      fc.property(address, (text) => {
        const pieces = addressBreaks(text);
        expect(pieces.join('')).toBe(text);
        expect(pieces.every((piece) => piece !== '')).toBe(true);
        pieces.slice(1).forEach((piece, index) => {
          // Each cut sits after an "@" or a "/" of the piece before, or before a "." that starts the next.
          expect(/[@/]$/.test(pieces[index]!) || piece.startsWith('.')).toBe(true);
        });
        // No other place is cut: a piece holds an "@" or a "/" only at its end, and a "." only at its start.
        for (const piece of pieces) {
          expect(/[@/]./.test(piece)).toBe(false);
          expect(piece.slice(1).includes('.')).toBe(false);
        }
      }),
    );
    expect(addressBreaks('helene.rochat@canton.example')).toEqual(['helene', '.rochat@', 'canton', '.example']);
  });
});

describe('the vCard of a contact', () => {
  it('parses back as a vCard 3.0 with the contact’s name, email and categories', () => {
    fc.assert(
      fc.property(decodedArbitrary(Contact), (contact) => {
        const card = new ICAL.Component(ICAL.parse(toVCard(contact)) as unknown[]);
        expect(card.getFirstPropertyValue('version')).toBe('3.0');
        // RFC 2426 §5 escapes a semicolon in text; ical.js leaves that escape in vCard 3.0 values.
        expect(String(card.getFirstPropertyValue('fn')).replace(/\\;/g, ';')).toBe(contact.title.trim() || 'Contact');
        if (contact.email) expect(String(card.getFirstPropertyValue('email')).replace(/\\;/g, ';')).toBe(contact.email.trim());
        expect(vCardFileName(contact)).toMatch(/^[a-z0-9-]+\.vcf$/);
      }),
    );
  });
});

describe('the names of downloaded files', () => {
  it('are lower-case letters, digits and single dashes, whatever the title', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (title) => {
        expect(icsFileName(title)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.ics$/);
        expect(icsFileName(title).length).toBeLessThanOrEqual(64);
      }),
    );
  });

  it('keep the letters of an accented title', () => {
    expect(icsFileName('Séance du Grand Conseil')).toBe('seance-du-grand-conseil.ics');
    expect(icsFileName('…')).toBe('agenda.ics');
  });
});
