import type { Contact } from '../../src/domain/contact';
import { exportBaseFor, exportRow, exportValues } from '../../src/domain/directory-export';

const person: Contact = {
  title: '  Hélène Rochat ',
  type_contact: 'Personne',
  fonction: ' Députée ',
  parti: 'PLR',
  commissions: [' Finances ', '', '  ', 'Justice'],
  categories: ['Grand Conseil', ' '],
  email: ' helene@canton.example ',
  phone: '+41 32 889 12 34',
  address: '  Rue du Château 12 \r\n\r\n Case postale 4\r2000 Neuchâtel \n\n',
};

describe('the values of a contact’s export row', () => {
  it('keep each line of the address, trimmed, blank ones dropped, joined by one line break', () => {
    expect(exportValues(person)).toStrictEqual([
      'Hélène Rochat',
      'Personne',
      'Députée',
      'PLR',
      'Finances, Justice',
      'Grand Conseil',
      'helene@canton.example',
      '+41 32 889 12 34',
      'Rue du Château 12\nCase postale 4\n2000 Neuchâtel',
    ]);
  });

  it('are empty where the contact says nothing: no address, no list, no role for an organisation', () => {
    expect(
      exportValues({ title: 'Service des routes', type_contact: 'Organisation', fonction: 'Chef', address: null, commissions: null, categories: undefined }),
    ).toStrictEqual(['Service des routes', 'Organisation', '', '', '', '', '', '', '']);
  });

  it('neutralize a cell that a spreadsheet would run as a formula, and only such a cell', () => {
    expect(exportRow({ title: '=SUM(A1)', email: '+41', phone: '-1', parti: '@x', address: 'a=b' })).toStrictEqual([
      "'=SUM(A1)",
      '',
      '',
      "'@x",
      '',
      '',
      "'+41",
      "'-1",
      'a=b',
    ]);
  });
});

describe('exportBaseFor', () => {
  it('takes the export base as given, trimmed, without its trailing slashes', () => {
    expect(exportBaseFor(' https://www.canton.example// ', 'https://api.example')).toBe('https://www.canton.example');
    expect(exportBaseFor('', null)).toBe('');
  });

  it('uses the page’s own site when the widget calls it, a blank API base included, and no export for another API', () => {
    expect(exportBaseFor(null, null)).toBe('');
    expect(exportBaseFor(null, '   ')).toBe('');
    expect(exportBaseFor(null, 'https://api.example')).toBeNull();
  });
});
