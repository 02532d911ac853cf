import fc from 'fast-check';
import { describedSections, EVERY_SECTION, SECTION_NAMES, type SiteSections } from '../../src/domain/site-sections';
import { addMessages, intlFor } from '../../src/i18n/intl';
import { SERVER_MESSAGES } from '../../src/i18n/server-messages';
import { pageDescription } from '../../src/i18n/page-description';
import { runs } from '../support/fuzz-runs';

beforeAll(() => addMessages(SERVER_MESSAGES));

const describeIn = (language: 'fr' | 'de' | 'en' | 'it', page: 'home' | 'search' | 'data' | 'agenda', sections: SiteSections): string =>
  pageDescription(intlFor(language), page, 'Valmont', describedSections(sections));

const sectionsArbitrary: fc.Arbitrary<SiteSections> = fc.record(
  Object.fromEntries(SECTION_NAMES.map((name) => [name, fc.boolean()])) as Record<keyof SiteSections, fc.Arbitrary<boolean>>,
);

// The word of each section in the French home description, and in the open data one.
const HOME_WORDS = { agenda: 'agenda', directory: 'annuaire des autorités', news: 'actualités', shop: 'publications' } as const;
const DATA_FORMATS = { agenda: 'iCalendar', news: 'Atom', directory: 'vCard' } as const;

describe('the description of a page', () => {
  it('lists every section of a site that has them all, in each language', () => {
    expect(describeIn('fr', 'home', EVERY_SECTION)).toBe('Valmont : site officiel – agenda, annuaire des autorités, actualités et publications.');
    expect(describeIn('de', 'home', EVERY_SECTION)).toBe('Valmont: offizielle Website – Agenda, Verzeichnis der Behörden, Nachrichten und Publikationen.');
    expect(describeIn('en', 'home', EVERY_SECTION)).toBe('Valmont: official site – agenda, directory of authorities, news and publications.');
    expect(describeIn('it', 'home', EVERY_SECTION)).toBe('Valmont: sito ufficiale – agenda, elenco delle autorità, notizie e pubblicazioni.');
    expect(describeIn('fr', 'search', EVERY_SECTION)).toBe('Recherche sur le site – Valmont : contacts, registres des intérêts, événements et actualités.');
    expect(describeIn('fr', 'data', EVERY_SECTION)).toBe(
      'Données ouvertes – Valmont : agenda, annuaire, actualités et publications en CSV, JSON, iCalendar, Atom et vCard, et leur catalogue DCAT-AP CH.',
    );
  });

  it('does not announce publications on a site without a shop', () => {
    const noShop = { ...EVERY_SECTION, shop: false };
    expect(describeIn('fr', 'home', noShop)).toBe('Valmont : site officiel – agenda, annuaire des autorités et actualités.');
    expect(describeIn('de', 'data', noShop)).toBe(
      'Offene Daten – Valmont: Agenda, Verzeichnis und Neuigkeiten als CSV, JSON, iCalendar, Atom und vCard, mit ihrem DCAT-AP-CH-Katalog.',
    );
    expect(describeIn('it', 'home', noShop)).not.toMatch(/pubblicazioni/);
    expect(describeIn('en', 'data', noShop)).not.toMatch(/publications/);
  });

  it('names the site alone when none of the listed sections is on', () => {
    const none = { ...EVERY_SECTION, agenda: false, directory: false, news: false, shop: false, interestsRegister: false };
    expect(describeIn('fr', 'home', none)).toBe('Valmont : site officiel.');
    expect(describeIn('fr', 'search', none)).toBe('Recherche sur le site – Valmont.');
    expect(describeIn('en', 'data', none)).toBe('Open data – Valmont: the site’s DCAT-AP CH catalogue.');
  });

  it('keeps the description of a page that lists nothing', () => {
    expect(describeIn('fr', 'agenda', { ...EVERY_SECTION, shop: false })).toBe(describeIn('fr', 'agenda', EVERY_SECTION));
  });

  it('names on the home and open data pages exactly the sections on, with their own files', () => {
    fc.assert(
      fc.property(sectionsArbitrary, (sections) => {
        const home = describeIn('fr', 'home', sections);
        const data = describeIn('fr', 'data', sections);
        for (const [name, word] of Object.entries(HOME_WORDS) as [keyof typeof HOME_WORDS, string][]) {
          expect({ name, on: sections[name], named: home.includes(word) }).toEqual({ name, on: sections[name], named: sections[name] });
        }
        for (const [name, format] of Object.entries(DATA_FORMATS) as [keyof typeof DATA_FORMATS, string][]) {
          expect({ name, on: sections[name], named: data.includes(format) }).toEqual({ name, on: sections[name], named: sections[name] });
        }
        const anySet = sections.agenda || sections.directory || sections.news || sections.shop;
        expect(data.includes('CSV')).toBe(anySet);
      }),
      { numRuns: runs(200) },
    );
  });
});
