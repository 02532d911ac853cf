import * as t from 'io-ts';
import { API_REFERENCE_PAGE } from '../../../src/domain/open-data-catalogue';
import { AgendaCategory, AgendaCategoryList, AgendaEvent } from '../../../src/domain/agenda';
import { Contact, ContactCategory, ContactCategoryList } from '../../../src/domain/contact';
import { ContactLetters } from '../../../src/domain/directory-letter';
import { jsonSchemaOfCodec, type JsonSchema } from '../../../src/domain/json-schema-of-codec';
import { NewsArticle, NewsCategory, NewsCategoryList, NewsItem, NewsPage } from '../../../src/domain/news';
import { PageOf } from '../../../src/domain/paging';
import { SearchGroup, SiteSearchAnswer } from '../../../src/domain/site-search';
import { SITE_PROFILE_SCHEMA_PATH } from '../../../src/domain/site-profile-schema';
import { wordsIn, type SiteProfile } from '../../../src/domain/site-profile';
import { ShopItem, ShopItemList } from '../../../src/domain/shop';
import { apiRoutesOf } from '../api-routes';
import type { ApiRoute } from '../query-schemas';

/** Where the description is published. */
export const OPENAPI_PATH = '/api/openapi.json';

/** Where its reference page is (in French; `/de/api/`, `/it/api/` and `/en/api/` on a server that renders the site's pages). */
export const API_REFERENCE_PATH = API_REFERENCE_PAGE;

/** The body of every error answer (`errorBody` in server/http/query-schemas.ts), as a codec. */
export const ApiError = t.type({ statusCode: t.number, error: t.string, message: t.string });

/**
 * What a route's 200 answers, by the client's codec that decodes it: one value, or a list, which
 * comes as the legacy array (with a `Link` to the next page) or, with `page_size` or `cursor`, as
 * a page `{count, next, results}`.
 */
export type RouteAnswer = { readonly one: t.Mixed } | { readonly list: t.Mixed };

/** Each API route's answer, its summary (French, as the site) and its tag. */
export interface RouteDescription {
  readonly answer: RouteAnswer;
  readonly summary: string;
  readonly tag: string;
}

/** The description of each route of the API (`API_ROUTES`), by its URL; a route missing here fails the description's build. */
export const ROUTE_DESCRIPTIONS: Readonly<Record<string, RouteDescription>> = {
  '/api/categories/agenda/': { answer: { one: AgendaCategoryList }, summary: 'Les catégories de l’agenda.', tag: 'agenda' },
  '/api/agenda/:id/': { answer: { list: AgendaEvent }, summary: 'Les événements d’un agenda, à venir (par défaut) ou passés, par date.', tag: 'agenda' },
  '/api/agenda/:id/events/:eventId/': { answer: { one: AgendaEvent }, summary: 'Un événement d’un agenda.', tag: 'agenda' },
  '/api/agenda/': {
    answer: { list: AgendaEvent },
    summary: 'Les événements de tous les agendas qui répondent à chaque filtre donné (catégories, mois, titre, période).',
    tag: 'agenda',
  },
  '/api/categories/contacts/': { answer: { one: ContactCategoryList }, summary: 'Les catégories de l’annuaire.', tag: 'annuaire' },
  '/api/contacts/': { answer: { list: Contact }, summary: 'Les contacts de l’annuaire, par nom, filtrés par texte et par catégorie.', tag: 'annuaire' },
  '/api/contacts/:slug/': { answer: { one: Contact }, summary: 'Un contact de l’annuaire.', tag: 'annuaire' },
  '/api/letters/contacts/': {
    answer: { one: ContactLetters },
    summary: 'Les lettres de l’index alphabétique qui ont des contacts, avec leur nombre, pour les filtres donnés (texte, catégorie).',
    tag: 'annuaire',
  },
  '/api/news/:scope/': { answer: { list: NewsItem }, summary: 'Les actualités d’un fil, les plus récentes d’abord.', tag: 'actualités' },
  '/api/news/:scope/:slug/': { answer: { one: NewsArticle }, summary: 'Une actualité et son texte (HTML).', tag: 'actualités' },
  '/api/categories/:scope/': { answer: { one: NewsCategoryList }, summary: 'Les catégories d’un fil d’actualités.', tag: 'actualités' },
  '/api/news/': {
    answer: { one: NewsPage },
    summary: 'Les actualités des catégories données, toujours en pages {count, next, previous, results}.',
    tag: 'actualités',
  },
  '/api/shop/items/': { answer: { one: ShopItemList }, summary: 'Les publications que l’on peut commander.', tag: 'boutique' },
  '/api/search/': { answer: { one: SiteSearchAnswer }, summary: 'La recherche dans tout le site : contacts, événements et actualités.', tag: 'recherche' },
};

// Codecs described once, under components.schemas, and referred to elsewhere.
const COMPONENTS: readonly (readonly [string, t.Mixed])[] = [
  ['AgendaEvent', AgendaEvent],
  ['AgendaCategory', AgendaCategory],
  ['Contact', Contact],
  ['ContactCategory', ContactCategory],
  ['NewsItem', NewsItem],
  ['NewsArticle', NewsArticle],
  ['NewsCategory', NewsCategory],
  ['ShopItem', ShopItem],
  ['SearchGroup', SearchGroup],
  ['ApiError', ApiError],
];

const componentRef = (name: string): string => `#/components/schemas/${name}`;

const referenceOf =
  (except: t.Mixed | null) =>
  (codec: t.Mixed): string | undefined => {
    if (codec === except) return undefined;
    const found = COMPONENTS.find(([, component]) => component === codec);
    return found === undefined ? undefined : componentRef(found[0]);
  };

/** The JSON Schema of `codec` in the document: shared codecs by `$ref` to `components.schemas`. */
export const answerSchema = (codec: t.Mixed): JsonSchema => jsonSchemaOfCodec(codec, referenceOf(null));

/** The schema of a 200 of `answer`: a list is the legacy array or a page, as `ListAnswer` (src/domain/paging.ts) decodes both. */
export const okSchema = (answer: RouteAnswer): JsonSchema =>
  'one' in answer ? answerSchema(answer.one) : { anyOf: [answerSchema(t.array(answer.list)), answerSchema(PageOf(answer.list))] };

/** A Fastify path (`/api/agenda/:id/`) as OpenAPI writes it (`/api/agenda/{id}/`). */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

interface ObjectSchema {
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
}

/** One parameter of a route, with the very schema the server validates it with. */
export interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly schema: JsonSchema;
  readonly style?: 'form';
  readonly explode?: true;
}

/** The parameters of a route, read from its request schemas (params, then query). */
export const parametersOf = (route: ApiRoute): Parameter[] => {
  const part = (schema: object | undefined, where: 'path' | 'query'): Parameter[] => {
    const { properties = {}, required = [] } = (schema ?? {}) as ObjectSchema;
    return Object.entries(properties).map(([name, property]) => ({
      name,
      in: where,
      required: where === 'path' || required.includes(name),
      schema: property,
      // A list is the parameter repeated: `?categories=3&categories=7`.
      ...(property['type'] === 'array' ? { style: 'form' as const, explode: true as const } : {}),
    }));
  };
  return [...part(route.schema.params, 'path'), ...part(route.schema.querystring, 'query')];
};

const errorAnswer = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  ...extra,
  content: { 'application/json': { schema: { $ref: componentRef('ApiError') } } },
});

const CACHE_HEADERS = {
  ETag: { description: 'Étiquette de la représentation : la renvoyer dans If-None-Match pour obtenir un 304.', schema: { type: 'string' } },
  'Cache-Control': { description: 'Politique de cache partagée (réponses gardées le temps d’un import).', schema: { type: 'string' } },
};

const LINK_HEADER = {
  Link: {
    description: 'Sans page_size ni cursor : la première page en tableau, et l’adresse de la suivante, `<…>; rel="next"` (absent à la dernière page).',
    schema: { type: 'string' },
  },
};

const isPaged = (route: ApiRoute): boolean => parametersOf(route).some((parameter) => parameter.name === 'cursor');

const describedRoute = (url: string): RouteDescription => {
  const description = ROUTE_DESCRIPTIONS[url];
  if (description === undefined) throw new Error(`No description of the API route ${url}`);
  return description;
};

// The sections a document's routes serve, as its description names them: "agenda, annuaire et recherche".
const sectionWords = (routes: readonly ApiRoute[]): string => {
  const tags = [...new Set(routes.map((route) => describedRoute(route.url).tag))];
  return tags.length <= 1 ? (tags[0] ?? 'aucune section') : `${tags.slice(0, -1).join(', ')} et ${tags.at(-1) ?? ''}`;
};

const operationOf = (route: ApiRoute) => {
  const description = describedRoute(route.url);
  const parameters = parametersOf(route);
  const list = 'list' in description.answer;
  const mayBeMissing = parameters.some((parameter) => parameter.in === 'path') || parameters.some((parameter) => parameter.name === 'page');
  return {
    operationId: `get${openApiPath(route.url)
      .split(/[^A-Za-z0-9]+/)
      .filter((word) => word !== '' && word !== 'api')
      .map((word) => `${word[0]!.toUpperCase()}${word.slice(1)}`)
      .join('')}`,
    summary: description.summary,
    tags: [description.tag],
    parameters,
    responses: {
      '200': {
        description: list
          ? 'La liste : sans page_size ni cursor, la première page en tableau (en-tête Link vers la suivante) ; avec l’un des deux, une page {count, next, results}.'
          : isPaged(route)
            ? 'Une page {count, next, previous, results} : next porte un curseur signé, à renvoyer tel quel.'
            : 'La réponse.',
        headers: { ...CACHE_HEADERS, ...(list ? LINK_HEADER : {}) },
        content: { 'application/json': { schema: okSchema(description.answer) } },
      },
      '304': { description: 'Inchangée depuis l’étiquette donnée dans If-None-Match.', headers: CACHE_HEADERS },
      '400': errorAnswer('Requête refusée : paramètre inconnu, hors de ses limites, ou curseur périmé, falsifié ou d’autres filtres.'),
      ...(mayBeMissing ? { '404': errorAnswer('Introuvable : l’élément, le fil ou la page demandée n’existe pas.') } : {}),
      '429': errorAnswer('Trop de requêtes non gardées en cache pour ce client : réessayer après Retry-After secondes.', {
        headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
      }),
      '503': errorAnswer('La base de données ne peut pas répondre maintenant : réessayer après Retry-After secondes.', {
        headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
      }),
    },
  };
};

// The description's own routes: the document, the page that renders it, and the schema of a site profile's settings.
const selfDescription = {
  [OPENAPI_PATH]: {
    get: {
      operationId: 'getOpenapiJson',
      summary: 'Cette description de l’API, en OpenAPI 3.1.',
      tags: ['description'],
      responses: {
        '200': { description: 'Le document OpenAPI.', headers: CACHE_HEADERS, content: { 'application/json': { schema: { type: 'object' } } } },
        '304': { description: 'Inchangé depuis l’étiquette donnée dans If-None-Match.', headers: CACHE_HEADERS },
      },
    },
  },
  [SITE_PROFILE_SCHEMA_PATH]: {
    get: {
      operationId: 'getSiteProfileSchemaJson',
      summary: 'Le schéma JSON (2020-12) du fichier site.json d’un profil de site, tiré du décodeur que le serveur applique au démarrage.',
      tags: ['description'],
      responses: {
        '200': { description: 'Le schéma JSON.', headers: CACHE_HEADERS, content: { 'application/schema+json': { schema: { type: 'object' } } } },
        '304': { description: 'Inchangé depuis l’étiquette donnée dans If-None-Match.', headers: CACHE_HEADERS },
      },
    },
  },
  [API_REFERENCE_PATH]: {
    get: {
      operationId: 'getApiReference',
      summary: 'La page de référence de l’API, en HTML.',
      tags: ['description'],
      responses: {
        '200': { description: 'La page.', headers: CACHE_HEADERS, content: { 'text/html': { schema: { type: 'string' } } } },
        '304': { description: 'Inchangée depuis l’étiquette donnée dans If-None-Match.', headers: CACHE_HEADERS },
      },
    },
  },
};

/**
 * The OpenAPI 3.1 document of `routes` (by default the routes of the profile's sections on), built from their
 * schemas and the client's codecs, titled and signed by the institution of `profile` (its names in
 * French, the document's language, or its default language when it offers no French).
 */
export const openApiDocument = (profile: Pick<SiteProfile, 'settings'>, routes: readonly ApiRoute[] = apiRoutesOf(profile.settings.sections)) => ({
  openapi: '3.1.0',
  info: {
    title: `API – ${wordsIn(profile.settings, profile.settings.institution.name.full, 'fr')}`,
    contact: { name: wordsIn(profile.settings, profile.settings.institution.office, 'fr'), email: profile.settings.contact.email.general },
    version: '1',
    description:
      `L’API en lecture du site : ${sectionWords(routes)}. ` +
      'Chaque réponse porte une étiquette (ETag) et se revalide (304). ' +
      'Les listes se paginent par curseur : sans page_size ni cursor, la première page est un tableau et l’en-tête Link mène à la suivante ; ' +
      'avec l’un des deux, la réponse est une page {count, next, results} dont next porte le curseur suivant. ' +
      'Un entier s’écrit en chiffres décimaux, 15 au plus (au-delà : 400) ; une liste est le paramètre répété, et un ensemble.',
  },
  tags: [...new Set(routes.map((route) => describedRoute(route.url).tag)), 'description'].map((name) => ({ name })),
  paths: {
    ...Object.fromEntries(routes.map((route) => [openApiPath(route.url), { get: operationOf(route) }])),
    ...selfDescription,
  },
  components: {
    schemas: Object.fromEntries(COMPONENTS.map(([name, codec]) => [name, jsonSchemaOfCodec(codec, referenceOf(codec))])),
  },
});

/** The document as the server publishes it. */
export type OpenApiDocument = ReturnType<typeof openApiDocument>;
