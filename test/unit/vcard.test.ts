import type { Contact } from '../../src/domain/contact';
import { toVCard } from '../../src/domain/vcard';

// The lines of a card without its REV (the time it was written) and its final line break.
const cardLines = (contact: Contact): string[] =>
  toVCard(contact)
    .split('\r\n')
    .filter((line) => line !== '' && !line.startsWith('REV:'));

const HEAD = ['BEGIN:VCARD', 'VERSION:3.0', 'PRODID:-//vcard-creator//vcard-creator 1.0.0//EN'];

describe('the vCard of a contact', () => {
  it('names a person by given and family names, with role, party, mail, phones, address, site and categories', () => {
    expect(
      cardLines({
        title: ' Hélène  Marie Rochat ',
        type_contact: 'Personne',
        fonction: 'Députée',
        parti: 'PLR',
        email: ' helene@canton.example ',
        phone: '+41 32 889 12 34',
        fax: '+41 32 889 12 35',
        address: ' Rue du Château 12 \n\n Case postale 4\r\n2000  Neuchâtel ',
        website: 'https://www.rochat.example',
        categories: ['Grand Conseil', 'PLR'],
      }),
    ).toStrictEqual([
      ...HEAD,
      'N:Rochat;Hélène Marie;;;',
      'FN:Hélène Marie Rochat',
      'TITLE:Députée',
      'ORG:PLR',
      'EMAIL:helene@canton.example',
      'TEL;TYPE=WORK:+41 32 889 12 34',
      'TEL;TYPE=FAX:+41 32 889 12 35',
      'ADR;TYPE=WORK:;;Rue du Château 12\\, Case postale 4;Neuchâtel;;2000;',
      'URL:https://www.rochat.example/',
      'CATEGORIES:Grand Conseil,PLR',
      'END:VCARD',
    ]);
  });

  it('names a person of one word by the family name only, and leaves out what the contact lacks', () => {
    expect(cardLines({ title: 'Rochat', type_contact: 'Personne', categories: [] })).toStrictEqual([...HEAD, 'N:Rochat;;;;', 'FN:Rochat', 'END:VCARD']);
  });

  it('names an organisation as itself and as its company', () => {
    expect(cardLines({ title: 'Service des routes', type_contact: 'Organisation', fonction: 'Ignorée', parti: 'Ignoré' })).toStrictEqual([
      ...HEAD,
      'N:Service des routes;;;;',
      'FN:Service des routes',
      'ORG:Service des routes',
      'END:VCARD',
    ]);
  });

  it('calls a contact without a usable title Contact', () => {
    expect(cardLines({ title: '   ' })).toContain('FN:Contact');
  });

  it('reads the postcode and town of the last line of an address, four or five digits, and keeps any other address as street', () => {
    const address = (text: string) => cardLines({ title: 'X', address: text }).find((line) => line.startsWith('ADR'));
    expect(address('Route 1\nCase postale\n1950 Sion')).toBe('ADR;TYPE=WORK:;;Route 1\\, Case postale;Sion;;1950;');
    expect(address('1 rue de Rivoli\n75001 Paris 1er')).toBe('ADR;TYPE=WORK:;;1 rue de Rivoli;Paris 1er;;75001;');
    expect(address('Route 1\nCH-2000 Neuchâtel')).toBe('ADR;TYPE=WORK:;;Route 1\\, CH-2000 Neuchâtel;;;;');
    expect(address('Route 1\n123 Sion')).toBe('ADR;TYPE=WORK:;;Route 1\\, 123 Sion;;;;');
    expect(address('Route 1\n2000Neuchâtel')).toBe('ADR;TYPE=WORK:;;Route 1\\, 2000Neuchâtel;;;;');
  });

  it('gives no URL for an address that is not http(s)', () => {
    expect(cardLines({ title: 'X', website: 'javascript:alert(1)' }).some((line) => line.startsWith('URL'))).toBe(false);
  });
});
