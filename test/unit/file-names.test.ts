import { directoryExportFileName, icsFileName, vCardFileName } from '../../src/domain/file-names';

const LONG_TITLE = 'Séance extraordinaire du Grand Conseil consacrée au budget de l’État et aux comptes 2026';

describe('the names of downloaded files', () => {
  it('name a calendar after its title, at most 60 characters before .ics and never ending on a dash', () => {
    expect(icsFileName('Séance du Grand Conseil')).toBe('seance-du-grand-conseil.ics');
    const name = icsFileName(LONG_TITLE);
    expect(name).toBe('seance-extraordinaire-du-grand-conseil-consacree-au-budget-d.ics');
    expect(name.length).toBeLessThanOrEqual(64);
    expect(icsFileName(`${'a'.repeat(59)} b`)).toBe(`${'a'.repeat(59)}.ics`);
  });

  it('call a calendar without a usable title agenda.ics', () => {
    expect(icsFileName('')).toBe('agenda.ics');
    expect(icsFileName('!!! ---')).toBe('agenda.ics');
  });

  it('name a vCard after the contact, or contact.vcf without a usable title', () => {
    expect(vCardFileName({ title: 'Hélène Rochat' })).toBe('helene-rochat.vcf');
    expect(vCardFileName({ title: '«»' })).toBe('contact.vcf');
  });

  it('name a directory export after its filters and its day, the filters cut at 60 characters', () => {
    expect(directoryExportFileName({ category: '', text: '' }, 'csv', '2026-11-23')).toBe('annuaire-2026-11-23.csv');
    expect(directoryExportFileName({ category: 'Grand Conseil', text: 'Rochat' }, 'vcf', '2026-11-23')).toBe('annuaire-grand-conseil-rochat-2026-11-23.vcf');
    expect(directoryExportFileName({ category: '', text: 'Hélène' }, 'csv', '2026-11-23')).toBe('annuaire-helene-2026-11-23.csv');
    expect(directoryExportFileName({ category: LONG_TITLE, text: 'x' }, 'csv', '2026-11-23')).toBe(
      'annuaire-seance-extraordinaire-du-grand-conseil-consacree-au-budget-d-2026-11-23.csv',
    );
    expect(directoryExportFileName({ category: 'a'.repeat(59), text: 'b' }, 'csv', '2026-11-23')).toBe(`annuaire-${'a'.repeat(59)}-2026-11-23.csv`);
  });
});
