import type { Language } from './language';
import { exportBasePath } from './directory-export';
import { FEED_ROOT } from './feed-addresses';
import { CSV_PATHS } from './open-data-export';
import { PAGE_PATHS } from './permalinks';

/**
 * The open-data catalogue's datasets and their files, as the DCAT-AP CH catalogue
 * (`/donnees/catalogue.rdf`) describes them: texts in the four languages, how often each
 * changes, its themes (EU data-theme vocabulary) and the site-relative address and media type of
 * each file. The server makes them absolute from the validated public origin.
 */

/** The catalogue's address. */
export const CATALOGUE_PATH = '/donnees/catalogue.rdf';

/** Words of one language. */
export type Localized = Readonly<Record<Language, string>>;

/** One file of a dataset. */
export interface Distribution {
  /** The format's short name (`CSV`, `JSON`, `ICS`, `ATOM`, `VCARD`), also `dct:format`'s EU file-type code. */
  readonly format: 'CSV' | 'JSON' | 'ICS' | 'ATOM' | 'VCARD';
  /** The IANA media type, without parameters. */
  readonly mediaType: string;
  /** The site-relative address. */
  readonly path: string;
  /** A downloadable file (`dcat:downloadURL`) or an API to call (`dcat:accessURL` only). */
  readonly download: boolean;
}

/** One dataset. */
export interface Dataset {
  /** The first part of `dct:identifier` (`agenda@ville-de-montclair`). */
  readonly id: 'agenda' | 'directory' | 'news' | 'publications';
  readonly title: Localized;
  readonly description: Localized;
  readonly keywords: Readonly<Record<Language, readonly string[]>>;
  /** An EU frequency (`http://publications.europa.eu/resource/authority/frequency/…`). */
  readonly frequency: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'IRREG';
  /** EU data themes (`http://publications.europa.eu/resource/authority/data-theme/…`). */
  readonly themes: readonly string[];
  /** The page that shows it to people. */
  readonly page: string;
  readonly distributions: readonly Distribution[];
}

const csv = (path: string): Distribution => ({ format: 'CSV', mediaType: 'text/csv', path, download: true });
const json = (path: string): Distribution => ({ format: 'JSON', mediaType: 'application/json', path, download: false });

/** What a site's datasets take from its profile: their titles (`openData.datasets`), its agenda and its news scope. */
export interface SiteDatasets {
  readonly titles: Readonly<Record<Dataset['id'], Localized>>;
  readonly agendaId: string;
  readonly newsScope: string;
}

/** The four datasets of a site, in the order the catalogue and the page list them. */
export const datasetsOf = ({ titles, agendaId, newsScope }: SiteDatasets): readonly Dataset[] => [
  {
    id: 'agenda',
    title: titles.agenda,
    description: {
      fr: 'Les événements à venir : date, heure, lieu, catégories et description.',
      de: 'Die kommenden Veranstaltungen: Datum, Uhrzeit, Ort, Kategorien und Beschreibung.',
      it: 'Gli eventi in programma: data, ora, luogo, categorie e descrizione.',
      en: 'The upcoming events: date, time, place, categories and description.',
    },
    keywords: { fr: ['agenda', 'événements'], de: ['Agenda', 'Veranstaltungen'], it: ['agenda', 'eventi'], en: ['agenda', 'events'] },
    frequency: 'DAILY',
    themes: ['GOVE', 'EDUC'],
    page: PAGE_PATHS.agenda,
    distributions: [
      csv(CSV_PATHS.agenda),
      json(`/api/agenda/${agendaId}/`),
      { format: 'ICS', mediaType: 'text/calendar', path: `${FEED_ROOT}/agenda/${agendaId}.ics`, download: true },
    ],
  },
  {
    id: 'directory',
    title: titles.directory,
    description: {
      fr: "Les services, autorités et personnes de l'administration, avec leurs coordonnées.",
      de: 'Die Dienststellen, Behörden und Personen der Verwaltung mit ihren Kontaktangaben.',
      it: "I servizi, le autorità e le persone dell'amministrazione, con i loro recapiti.",
      en: 'The offices, authorities and people of the administration, with their contact details.',
    },
    keywords: { fr: ['annuaire', 'administration'], de: ['Verzeichnis', 'Verwaltung'], it: ['elenco', 'amministrazione'], en: ['directory', 'administration'] },
    frequency: 'WEEKLY',
    themes: ['GOVE'],
    page: PAGE_PATHS.directory,
    distributions: [csv(exportBasePath('csv')), json('/api/contacts/'), { format: 'VCARD', mediaType: 'text/vcard', path: exportBasePath('vcf'), download: true }],
  },
  {
    id: 'news',
    title: titles.news,
    description: {
      fr: 'Les communiqués et actualités : date, titre, chapeau et catégories.',
      de: 'Die Mitteilungen und Neuigkeiten: Datum, Titel, Lead und Kategorien.',
      it: 'I comunicati e le notizie: data, titolo, sommario e categorie.',
      en: 'The press releases and news: date, title, lead and categories.',
    },
    keywords: { fr: ['actualités', 'communiqués'], de: ['Neuigkeiten', 'Mitteilungen'], it: ['notizie', 'comunicati'], en: ['news', 'press releases'] },
    frequency: 'DAILY',
    themes: ['GOVE'],
    page: PAGE_PATHS.news,
    distributions: [
      csv(CSV_PATHS.news),
      json(`/api/news/${newsScope}/`),
      { format: 'ATOM', mediaType: 'application/atom+xml', path: `${FEED_ROOT}/actualites/${newsScope}.atom`, download: true },
    ],
  },
  {
    id: 'publications',
    title: titles.publications,
    description: {
      fr: 'Les publications proposées à la commande : titre, prix en francs et description.',
      de: 'Die zur Bestellung angebotenen Publikationen: Titel, Preis in Franken und Beschreibung.',
      it: 'Le pubblicazioni offerte su ordinazione: titolo, prezzo in franchi e descrizione.',
      en: 'The publications offered to order: title, price in francs and description.',
    },
    keywords: { fr: ['publications'], de: ['Publikationen'], it: ['pubblicazioni'], en: ['publications'] },
    frequency: 'IRREG',
    themes: ['GOVE', 'EDUC'],
    page: PAGE_PATHS.shop,
    distributions: [csv(CSV_PATHS.publications), json('/api/shop/items/')],
  },
];

/** The section each dataset belongs to: a dataset of a section off is not published (the publications are the shop's). */
export const DATASET_SECTIONS: Readonly<Record<Dataset['id'], 'agenda' | 'directory' | 'news' | 'shop'>> = {
  agenda: 'agenda',
  directory: 'directory',
  news: 'news',
  publications: 'shop',
};

/** The attribute of the open-data page's container that names its datasets' titles in the page's language, as JSON (`{"agenda": "…", …}`). */
export const DATASET_TITLES_ATTRIBUTE = 'data-dataset-titles';

/** The datasets a page in one language shows: the same title in every language, since the page speaks one. */
export const datasetsInOneLanguage = (titles: Readonly<Record<Dataset['id'], string>>, agendaId: string, newsScope: string): readonly Dataset[] => {
  const everywhere = (title: string): Localized => ({ fr: title, de: title, it: title, en: title });
  return datasetsOf({
    titles: {
      agenda: everywhere(titles.agenda),
      directory: everywhere(titles.directory),
      news: everywhere(titles.news),
      publications: everywhere(titles.publications),
    },
    agendaId,
    newsScope,
  });
};

/** The demo's datasets (agenda 1, scope `actualites`, the demo profile's titles), which an open-data page lists when no server wrote the profile's on its container. */
export const DATASETS: readonly Dataset[] = datasetsOf({
  titles: {
    agenda: { fr: 'Agenda du canton', de: 'Veranstaltungskalender des Kantons', it: 'Agenda del Cantone', en: 'Events of the canton' },
    directory: { fr: 'Annuaire du canton', de: 'Verzeichnis des Kantons', it: 'Elenco del Cantone', en: 'Directory of the canton' },
    news: { fr: 'Actualités du canton', de: 'Neuigkeiten des Kantons', it: 'Notizie del Cantone', en: 'News of the canton' },
    publications: { fr: 'Publications du canton', de: 'Publikationen des Kantons', it: 'Pubblicazioni del Cantone', en: 'Publications of the canton' },
  },
  agendaId: '1',
  newsScope: 'actualites',
});

/** The terms of use of every dataset: opendata.swiss's "Open use. Must provide the source." */
export const TERMS_OF_USE = 'https://opendata.swiss/terms-of-use#terms_by';

/** The licence of every file: CC BY 4.0, which those terms amount to. */
export const LICENCE = 'http://publications.europa.eu/resource/authority/licence/CC_BY_4_0';

/** The licence's name for people, in each language, as Creative Commons writes it. */
export const LICENCE_NAME: Localized = {
  fr: 'Creative Commons Attribution 4.0 International (CC BY 4.0)',
  de: 'Creative Commons Namensnennung 4.0 International (CC BY 4.0)',
  it: 'Creative Commons Attribuzione 4.0 Internazionale (CC BY 4.0)',
  en: 'Creative Commons Attribution 4.0 International (CC BY 4.0)',
};

/** The licence's page for people (its deed), in a language: `LICENCE` is the catalogue's URI for machines. */
export const licenceDeed = (language: Language): string => `https://creativecommons.org/licenses/by/4.0/deed.${language}`;

/** The page that describes the site's API for people, route by route (its machine-readable twin is `/api/openapi.json`). */
export const API_REFERENCE_PAGE = '/api/';

/** A format's EU file-type URI (`dct:format`). */
export const formatUri = (format: Distribution['format']): string => `http://publications.europa.eu/resource/authority/file-type/${format}`;

/** A media type's IANA URI (`dcat:mediaType`). */
export const mediaTypeUri = (mediaType: string): string => `https://www.iana.org/assignments/media-types/${mediaType}`;
