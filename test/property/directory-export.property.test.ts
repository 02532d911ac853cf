import fc from 'fast-check';
import { Contact, PERSON } from '../../src/domain/contact';
import { filtersFromSearch, filtersToSearch } from '../../src/domain/directory';
import {
  CSV_DELIMITER,
  EXPORT_COLUMNS,
  EXPORT_FORMATS,
  exportBaseFor,
  exportPath,
  exportRow,
  exportValues,
  neutralizeFormula,
} from '../../src/domain/directory-export';
import { directoryExportFileName } from '../../src/domain/file-names';
import { LANGUAGES } from '../../src/i18n/language';
import { csvRecords } from '../../server/render/export-routes';
import { decodedArbitrary } from '../support/arbitrary-from-codec';
import { parseCsv } from '../support/csv';

const text = fc.string({ unit: 'grapheme', maxLength: 20 });
const filters = fc.record({ text, category: text });

// What makes a cell hard to write: a formula's first character, the separators, quotes and line breaks.
const tricky = fc
  .array(fc.oneof(fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', '\r\n', ';', ',', '"', "'", ' ', 'é', '=HYPERLINK("http://x")'), text), { maxLength: 6 })
  .map((parts) => parts.join(''));

const contact = fc
  .tuple(
    decodedArbitrary(Contact),
    fc.record(
      {
        title: tricky,
        type_contact: fc.oneof(fc.constant(PERSON), tricky),
        fonction: tricky,
        parti: tricky,
        email: tricky,
        phone: tricky,
        address: tricky,
        commissions: fc.array(tricky, { maxLength: 3 }),
        categories: fc.array(tricky, { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
  )
  .map(([decoded, nasty]): Contact => ({ ...decoded, ...nasty }));

const FORMULA_START = /^[=+\-@\t\r]/;

describe('a contact as a CSV row', () => {
  it('has a cell for each column, none of which a spreadsheet runs as a formula', () => {
    fc.assert(
      fc.property(contact, (c) => {
        const row = exportRow(c);
        expect(row).toHaveLength(EXPORT_COLUMNS.length);
        for (const cell of row) expect(cell).not.toMatch(FORMULA_START);
      }),
    );
  });

  it('shows each value as it is, only a formula getting a leading quote', () => {
    fc.assert(
      fc.property(contact, (c) => {
        const values = exportValues(c);
        exportRow(c).forEach((cell, index) => {
          const value = values[index]!;
          expect(cell).toBe(FORMULA_START.test(value) ? `'${value}` : value);
        });
        const column = (name: (typeof EXPORT_COLUMNS)[number]): string => values[EXPORT_COLUMNS.indexOf(name)]!;
        expect(column('name')).toBe(c.title.trim());
        expect(column('email')).toBe((c.email ?? '').trim());
        // The role only for a person, as on the card.
        expect(column('role')).toBe(c.type_contact === PERSON ? (c.fonction ?? '').trim() : '');
      }),
    );
    expect(neutralizeFormula('=1+1')).toBe("'=1+1");
    expect(neutralizeFormula('+41 32 889 12 34')).toBe("'+41 32 889 12 34");
    expect(neutralizeFormula('Hélène')).toBe('Hélène');
  });

  it('reads back from the CSV text cell for cell, whatever separators, quotes and line breaks it holds', () => {
    fc.assert(
      fc.property(fc.array(contact, { maxLength: 5 }), (contacts) => {
        const rows = contacts.map((c) => [...exportRow(c)]);
        const csv = csvRecords(rows);
        expect(parseCsv(csv, CSV_DELIMITER)).toEqual(rows);
      }),
    );
  });
});

describe('the address of an export', () => {
  it('is the page’s own query on the export’s path, in the page language', () => {
    fc.assert(
      fc.property(filters, fc.constantFrom(...EXPORT_FORMATS), fc.constantFrom(...LANGUAGES), (f, format, language) => {
        const path = exportPath(f, format, language);
        const prefix = language === 'fr' ? '' : `/${language}`;
        expect(path).toBe(`${prefix}/annuaire/export.${format}${filtersToSearch(f)}`);
        const search = path.slice(path.includes('?') ? path.indexOf('?') : path.length);
        expect(filtersFromSearch(search)).toEqual(f);
      }),
    );
    expect(exportPath({ text: 'hél', category: 'Grand Conseil' }, 'csv', 'fr')).toBe('/annuaire/export.csv?categorie=Grand+Conseil&q=h%C3%A9l');
    expect(exportPath({ text: '', category: '' }, 'vcf', 'en')).toBe('/en/annuaire/export.vcf');
  });

  it('is offered on the page’s own site, or where the container says, never on another backend', () => {
    const base = fc.oneof(fc.constant(''), fc.webUrl());
    fc.assert(
      fc.property(fc.option(base, { nil: null }), fc.option(base, { nil: null }), (exportBase, apiBase) => {
        const found = exportBaseFor(exportBase, apiBase);
        if (exportBase !== null) expect(found).toBe(exportBase.replace(/\/+$/, ''));
        else expect(found).toBe(apiBase === null || apiBase === '' ? '' : null);
      }),
    );
  });
});

describe('the file name of an export', () => {
  it('names the directory, its filters and the day, safe for every file system', () => {
    fc.assert(
      fc.property(filters, fc.constantFrom(...EXPORT_FORMATS), (f, format) => {
        const name = directoryExportFileName(f, format, '2026-11-23');
        expect(name).toMatch(new RegExp(`^annuaire(-[a-z0-9]+)*-2026-11-23\\.${format}$`));
        expect(name.length).toBeLessThanOrEqual('annuaire-'.length + 60 + '-2026-11-23.'.length + format.length);
      }),
    );
    expect(directoryExportFileName({ text: 'Hél', category: 'Grand Conseil' }, 'csv', '2026-11-23')).toBe('annuaire-grand-conseil-hel-2026-11-23.csv');
    expect(directoryExportFileName({ text: '', category: '' }, 'vcf', '2026-11-23')).toBe('annuaire-2026-11-23.vcf');
  });
});
