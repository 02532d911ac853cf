import type { FastifyInstance } from 'fastify';
import {
  CATALOGUE_PATH,
  DATASET_SECTIONS,
  datasetsOf,
  formatUri,
  LICENCE,
  mediaTypeUri,
  TERMS_OF_USE,
  type Dataset,
  type Distribution,
  type Localized,
} from '../../src/domain/open-data-catalogue';
import type { Language } from '../../src/domain/language';
import { wordsIn, type Localized as ProfileWords, type SiteProfile } from '../../src/domain/site-profile';
import { boundedCache, pack, representation, sendPacked, singleFlight, type Packed } from '../cache/answer-cache';
import { FEED_CACHE_LIMITS } from '../cache/cache-limits';
import { sharedCacheControl } from '../cache/shared-cache';
import type { Queryable } from '../data/database';
import type { LinkOrigins } from '../http/public-origin';
import type { Publisher } from './publisher';
import { siteListsOf } from '../http/site';

/** The catalogue's media type. */
export const RDF_MEDIA_TYPE = 'application/rdf+xml; charset=utf-8';

/** Text as XML character data or an attribute's value: the one place the catalogue escapes. */
export const xmlText = (value: string): string =>
  value
    // Characters XML 1.0 cannot hold at all.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');

const NAMESPACES = {
  rdf: 'http://www.w3.org/1999/02/22-rdf-syntax-ns#',
  rdfs: 'http://www.w3.org/2000/01/rdf-schema#',
  dcat: 'http://www.w3.org/ns/dcat#',
  dct: 'http://purl.org/dc/terms/',
  foaf: 'http://xmlns.com/foaf/0.1/',
  vcard: 'http://www.w3.org/2006/vcard/ns#',
  xsd: 'http://www.w3.org/2001/XMLSchema#',
} as const;

const resource = (name: string, uri: string): string => `<${name} rdf:resource="${xmlText(uri)}"/>`;
const literal = (name: string, value: string, language?: string): string =>
  `<${name}${language === undefined ? '' : ` xml:lang="${language}"`}>${xmlText(value)}</${name}>`;
// Words in each language the site offers (the profile's `languages.offered`), in its order.
const localized = (name: string, values: Localized, languages: readonly Language[]): string[] =>
  languages.map((language) => literal(name, values[language], language));
const dateTime = (name: string, value: string): string => `<${name} rdf:datatype="${NAMESPACES.xsd}dateTime">${xmlText(value)}</${name}>`;

const rights = (): string => `<dct:rights><dct:RightsStatement rdf:about="${xmlText(TERMS_OF_USE)}"/></dct:rights>`;

const distribution = (dataset: Dataset, file: Distribution, origin: string, modified: string, languages: readonly Language[]): string[] => {
  const url = `${origin}${file.path}`;
  return [
    `<dcat:distribution><dcat:Distribution rdf:about="${xmlText(`${url}#distribution`)}">`,
    ...localized(
      'dct:title',
      {
        fr: `${dataset.title.fr} (${file.format})`,
        de: `${dataset.title.de} (${file.format})`,
        it: `${dataset.title.it} (${file.format})`,
        en: `${dataset.title.en} (${file.format})`,
      },
      languages,
    ),
    resource('dcat:accessURL', url),
    ...(file.download ? [resource('dcat:downloadURL', url)] : []),
    resource('dcat:mediaType', mediaTypeUri(file.mediaType)),
    resource('dct:format', formatUri(file.format)),
    resource('dct:license', LICENCE),
    rights(),
    dateTime('dct:modified', modified),
    `</dcat:Distribution></dcat:distribution>`,
  ];
};

const dataset = (data: Dataset, origin: string, publisher: Publisher, modified: string, languages: readonly Language[]): string[] => [
  `<dcat:dataset><dcat:Dataset rdf:about="${xmlText(`${origin}${CATALOGUE_PATH}#${data.id}`)}">`,
  literal('dct:identifier', `${data.id}@${publisher.id}`),
  ...localized('dct:title', data.title, languages),
  ...localized('dct:description', data.description, languages),
  `<dct:publisher><foaf:Organization rdf:about="${xmlText(`${origin}/`)}">${literal('foaf:name', publisher.name)}</foaf:Organization></dct:publisher>`,
  `<dcat:contactPoint><vcard:Organization>${literal('vcard:fn', publisher.name)}${resource('vcard:hasEmail', `mailto:${publisher.email}`)}</vcard:Organization></dcat:contactPoint>`,
  dateTime('dct:modified', modified),
  resource('dct:accrualPeriodicity', `http://publications.europa.eu/resource/authority/frequency/${data.frequency}`),
  ...data.themes.map((theme) => resource('dcat:theme', `http://publications.europa.eu/resource/authority/data-theme/${theme}`)),
  ...languages.flatMap((language) => data.keywords[language].map((keyword) => literal('dcat:keyword', keyword, language))),
  ...languages.map((language) =>
    resource('dct:language', `http://publications.europa.eu/resource/authority/language/${{ fr: 'FRA', de: 'DEU', it: 'ITA', en: 'ENG' }[language]}`),
  ),
  resource('dcat:landingPage', `${origin}${data.page}`),
  rights(),
  ...data.distributions.flatMap((file) => distribution(data, file, origin, modified, languages)),
  `</dcat:Dataset></dcat:dataset>`,
];

/** What the catalogue says of the site: its publisher, its datasets and the languages it offers. */
export interface CatalogueSite {
  readonly publisher: Publisher;
  readonly datasets: readonly Dataset[];
  readonly languages: readonly Language[];
}

/** The catalogue's view of a profile: its datasets' titles in every language (the default's where one is not offered), its lists and languages. */
export const catalogueSiteOf = (profile: Pick<SiteProfile, 'settings'>, publisher: Publisher): CatalogueSite => {
  const { settings } = profile;
  const inEvery = (words: ProfileWords): Localized => ({
    fr: wordsIn(settings, words, 'fr'),
    de: wordsIn(settings, words, 'de'),
    it: wordsIn(settings, words, 'it'),
    en: wordsIn(settings, words, 'en'),
  });
  const titles = settings.openData.datasets;
  return {
    publisher,
    languages: settings.languages.offered,
    datasets: datasetsOf({
      titles: { agenda: inEvery(titles.agenda), directory: inEvery(titles.directory), news: inEvery(titles.news), publications: inEvery(titles.publications) },
      ...siteListsOf(profile),
    }).filter((dataset) => settings.sections[DATASET_SECTIONS[dataset.id]]),
  };
};

/** The DCAT-AP CH catalogue of the site's datasets, as RDF/XML, with absolute addresses on `origin`. */
export const catalogueXml = (origin: string, { publisher, datasets, languages }: CatalogueSite, modified: string): string =>
  [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rdf:RDF ${Object.entries(NAMESPACES)
      .map(([prefix, uri]) => `xmlns:${prefix}="${uri}"`)
      .join(' ')}>`,
    `<dcat:Catalog rdf:about="${xmlText(`${origin}${CATALOGUE_PATH}`)}">`,
    ...localized('dct:title', { fr: 'Données ouvertes', de: 'Offene Daten', it: 'Dati aperti', en: 'Open data' }, languages),
    ...localized(
      'dct:description',
      {
        fr: `Les données publiées par ${publisher.name}.`,
        de: `Die von ${publisher.name} veröffentlichten Daten.`,
        it: `I dati pubblicati da ${publisher.name}.`,
        en: `The data published by ${publisher.name}.`,
      },
      languages,
    ),
    `<dct:publisher><foaf:Organization rdf:about="${xmlText(`${origin}/`)}">${literal('foaf:name', publisher.name)}</foaf:Organization></dct:publisher>`,
    ...datasets.flatMap((data) => dataset(data, origin, publisher, modified, languages)),
    '</dcat:Catalog>',
    '</rdf:RDF>',
    '',
  ].join('\n');

/**
 * When the content was written: the import's `imported_at`, or (content written before it was
 * kept) the moment this server first read its version.
 */
const modifiedReader = (db: Queryable): ((version: string) => Promise<string>) => {
  const firstSeen = new Map<string, string>();
  return async (version) => {
    const [row] = await db.query<{ value: string }>("select value from content_meta where key = 'imported_at'");
    if (row !== undefined) return new Date(row.value).toISOString();
    if (!firstSeen.has(version)) firstSeen.set(version, new Date().toISOString());
    return firstSeen.get(version) ?? new Date().toISOString();
  };
};

/** What the catalogue route reads. */
export interface CatalogueRoutesOptions {
  readonly version: () => Promise<string>;
  readonly origins: LinkOrigins;
  /** The publisher: the profile's, with the settings' overrides (`publisherOf`). */
  readonly publisher: Publisher;
  /** The profile: the datasets' titles, the agenda and news scope their files name, the languages. */
  readonly profile: Pick<SiteProfile, 'settings'>;
}

/** Kept an hour by browsers, revalidated by ETag (a new import changes `dct:modified`). */
const CATALOGUE_CACHE_CONTROL = sharedCacheControl(300);

/** `GET /donnees/catalogue.rdf`: the DCAT-AP CH catalogue, made once a content version and origin, then a 304 or the kept bytes. */
export const registerCatalogueRoutes = (app: FastifyInstance, db: Queryable, { version, origins, publisher, profile }: CatalogueRoutesOptions): void => {
  const site = catalogueSiteOf(profile, publisher);
  const cache = boundedCache<Packed>(FEED_CACHE_LIMITS, 'catalogue');
  const once = singleFlight<Packed>();
  const modified = modifiedReader(db);
  app.get(CATALOGUE_PATH, async (request, reply) => {
    const origin = origins.absolute(request);
    const current = await version();
    const key = `${current}|${origin}`;
    let made = cache.get(key);
    if (made === undefined) {
      made = await once(key, async () => pack(representation(200, RDF_MEDIA_TYPE, catalogueXml(origin, site, await modified(current))), null));
      cache.set(key, made, made.gzip.length + key.length);
    }
    return sendPacked(request, reply, made, CATALOGUE_CACHE_CONTROL);
  });
};
