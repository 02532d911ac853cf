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
import { CONTENT_BODY_LIMIT } from '../../content-api/content-routes';
import { CONTENT_SCHEMA_PATH, contentSchema } from '../../content-api/content-schema';
import { CONTENT_LISTS } from '../../data/content';
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

// The content API (server/content-api/content-routes.ts): always on, whatever sections the profile switches off.

/** The tag of the content API's routes. */
export const CONTENT_TAG = 'content';

/** The security scheme of the content API: `Authorization: Bearer <token>`, a token made by `npm run token -- create <name>`. */
export const CONTENT_SECURITY_SCHEME = 'contentToken';

/** The content API's paths, as OpenAPI writes them, each with the methods it documents. */
export const CONTENT_PATHS: Readonly<Record<string, readonly ('get' | 'put' | 'patch' | 'delete')[]>> = {
  '/api/content/{kind}/{id}': ['get', 'put', 'patch', 'delete'],
  '/api/content/export': ['get'],
  '/api/content/journal': ['get'],
  [CONTENT_SCHEMA_PATH]: ['get'],
};

/** The name under `components.schemas` of a definition of the import file's schema (`#/$defs/events` is `Content.events`). */
export const contentComponentName = (name: string): string => `Content.${name}`;

// The import file's schema (server/content-api/content-schema.ts, published at /api/content.schema.json) as components:
// the file as `ContentFile`, each of its `$defs` (the lists' items and the texts, days, keys they share) as `Content.<name>`,
// every `#/$defs/…` rewritten to the component, so the document holds them without an external reference.
const componentRefs = (node: unknown): unknown => {
  if (Array.isArray(node)) return node.map(componentRefs);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/$defs/')
        ? componentRef(contentComponentName(value.slice('#/$defs/'.length)))
        : componentRefs(value),
    ]),
  );
};

const contentComponents = (): Record<string, JsonSchema> => {
  const whole = contentSchema();
  const file = Object.fromEntries(Object.entries(whole).filter(([key]) => !['$schema', '$id', '$defs'].includes(key)));
  const definitions = Object.entries((whole['$defs'] ?? {}) as Readonly<Record<string, JsonSchema>>);
  return {
    ContentFile: componentRefs(file) as JsonSchema,
    ...Object.fromEntries(definitions.map(([name, schema]) => [contentComponentName(name), componentRefs(schema) as JsonSchema])),
    Problem: {
      type: 'object',
      description: 'Un refus de l’API de contenu (RFC 9457, application/problem+json).',
      properties: {
        type: { type: 'string', description: 'about:blank : le statut dit tout.' },
        title: { type: 'string', description: 'La phrase du statut (Unprocessable Entity…).' },
        status: { type: 'integer', minimum: 400, maximum: 599 },
        detail: { type: 'string', description: 'Ce qui est refusé et ce qu’il faut faire.' },
        errors: {
          type: 'array',
          description: 'Les champs fautifs (422) : le pointeur JSON (RFC 6901) du champ dans l’élément, / pour l’élément entier, et pourquoi.',
          items: { type: 'object', properties: { pointer: { type: 'string' }, detail: { type: 'string' } }, required: ['pointer', 'detail'] },
        },
        items: { type: 'array', description: 'Les éléments en travers (409), nommés liste/clé : events/12.', items: { type: 'string' } },
      },
      required: ['type', 'title', 'status', 'detail'],
    },
    ContentJournalEntry: {
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: 1, description: 'Le numéro de l’écriture : le donner à after pour lire les suivantes.' },
        at: { type: 'string', format: 'date-time', description: 'Quand, en UTC.' },
        token: { type: 'string', description: 'Le nom du jeton qui a écrit.' },
        kind: { type: 'string', enum: [...CONTENT_LISTS] },
        item: { type: 'string', description: 'La clé de l’élément.' },
        action: { type: 'string', enum: ['create', 'replace', 'patch', 'delete'] },
        etag_before: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'L’étiquette avant (null : créé).' },
        etag_after: { anyOf: [{ type: 'string' }, { type: 'null' }], description: 'L’étiquette après (null : supprimé).' },
      },
      required: ['id', 'at', 'token', 'kind', 'item', 'action', 'etag_before', 'etag_after'],
    },
  };
};

// An item of any list: the path's kind says which (its schema is `Content.<kind>`, and /api/content.schema.json#/$defs/<kind>).
const CONTENT_ITEM: JsonSchema = {
  description:
    'Un élément de la liste nommée par kind, comme le fichier d’import l’écrit : son schéma est Content.<kind> (et /api/content.schema.json#/$defs/<kind>).',
  anyOf: CONTENT_LISTS.map((list) => ({ $ref: componentRef(contentComponentName(list)) })),
};

const problem = (description: string, headers?: Record<string, unknown>) => ({
  description,
  ...(headers === undefined ? {} : { headers }),
  content: { 'application/problem+json': { schema: { $ref: componentRef('Problem') } } },
});

const NO_STORE = { 'Cache-Control': { description: 'no-store : aucune réponse de l’API de contenu n’est gardée.', schema: { type: 'string' } } };
const ITEM_ETAG = {
  ETag: {
    description: 'L’étiquette forte de l’élément : la renvoyer dans If-Match pour le changer ou le supprimer, dans If-None-Match pour un 304.',
    schema: { type: 'string' },
  },
};
const RETRY_AFTER = { 'Retry-After': { description: 'Secondes à attendre avant de réessayer.', schema: { type: 'integer', minimum: 1 } } };

// What every route of the content API may answer besides its own: the token refused, too many refused tokens, the database away.
const CONTENT_REFUSALS = {
  '400': problem('Requête refusée : jeton dans l’adresse ou un cookie (il ne va que dans Authorization), paramètre ou corps mal formé.'),
  '401': problem('Sans jeton, ou jeton inconnu ou révoqué : Authorization: Bearer <jeton>.', {
    'WWW-Authenticate': { description: 'Bearer realm="content" (RFC 6750), avec error="invalid_token" pour un jeton refusé.', schema: { type: 'string' } },
  }),
  '429': problem('Trop de jetons refusés depuis cette adresse : réessayer après Retry-After secondes.', RETRY_AFTER),
  '503': errorAnswer('La base de données ne peut pas répondre maintenant : réessayer après Retry-After secondes.', { headers: RETRY_AFTER }),
};

const KIND_PARAMETER = {
  name: 'kind',
  in: 'path',
  required: true,
  description: 'La liste du fichier d’import.',
  schema: { type: 'string', enum: [...CONTENT_LISTS] },
};
const ID_PARAMETER = {
  name: 'id',
  in: 'path',
  required: true,
  description: 'La clé de l’élément (variant_id pour shop_items), écrite sans signe, zéro initial ni exposant.',
  schema: { type: 'integer', minimum: 1, maximum: 2147483647 },
};
const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'L’étiquette de l’élément lu (ou *, tout élément qui existe) : sans elle, changer un élément qui existe est refusé (428) ; une autre est refusée (412).',
  schema: { type: 'string' },
};

const contentOperation = <Rest extends { readonly responses: Record<string, unknown> }>(operationId: string, summary: string, rest: Rest) => ({
  operationId,
  summary,
  tags: [CONTENT_TAG],
  security: [{ [CONTENT_SECURITY_SCHEME]: [] }],
  ...rest,
});

const writeRefusals = {
  '404': problem('La liste n’existe pas, la clé n’en est pas une, ou l’élément n’existe pas (PATCH, DELETE).'),
  '409': problem('Un autre élément tient ce slug ou ce titre, ou des éléments utilisent encore celui à supprimer : items les nomme.'),
  '412': problem('If-Match ne nomme plus l’élément (il a changé, ou n’existe pas), ou If-None-Match: * et l’élément existe.'),
  '428': problem('L’élément existe : le changer demande If-Match avec son étiquette (le lire d’abord).'),
};

const bodyRefusals = {
  '413': problem(`Corps de plus de ${CONTENT_BODY_LIMIT} octets : un élément à la fois.`),
  '415': problem('Type de corps refusé : application/json (PUT), application/merge-patch+json (PATCH).'),
  '422': problem('L’élément ne tient pas ce que le fichier d’import tiendrait : errors donne chaque champ fautif (pointer, detail).'),
};

const itemAnswer = (description: string, extra: Record<string, unknown> = {}) => ({
  description,
  headers: { ...ITEM_ETAG, ...NO_STORE, ...extra },
  content: { 'application/json': { schema: CONTENT_ITEM } },
});

const contentPaths = {
  '/api/content/{kind}/{id}': {
    get: contentOperation('getContentItem', 'Un élément d’une liste du contenu, comme le fichier d’import l’écrit, et son étiquette.', {
      parameters: [
        KIND_PARAMETER,
        ID_PARAMETER,
        {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          description: 'Une étiquette déjà lue : 304 si l’élément n’a pas changé.',
          schema: { type: 'string' },
        },
      ],
      responses: {
        '200': itemAnswer('L’élément.'),
        '304': { description: 'Inchangé depuis l’étiquette donnée dans If-None-Match.', headers: ITEM_ETAG },
        ...CONTENT_REFUSALS,
        '404': problem('La liste n’existe pas, la clé n’en est pas une, ou l’élément n’existe pas.'),
      },
    }),
    put: contentOperation(
      'putContentItem',
      'Crée ou remplace un élément entier, après les contrôles de l’import ; la clé du corps, s’il en donne une, est celle du chemin.',
      {
        parameters: [
          KIND_PARAMETER,
          ID_PARAMETER,
          IF_MATCH,
          {
            name: 'If-None-Match',
            in: 'header',
            required: false,
            description: '* seulement : créer l’élément seulement s’il n’existe pas (412 sinon).',
            schema: { type: 'string', enum: ['*'] },
          },
        ],
        requestBody: { required: true, content: { 'application/json': { schema: CONTENT_ITEM } } },
        responses: {
          '200': itemAnswer('Remplacé : l’élément tel qu’il est maintenant gardé.'),
          '201': itemAnswer('Créé : l’élément tel qu’il est gardé.', { Location: { description: 'L’adresse de l’élément créé.', schema: { type: 'string' } } }),
          ...CONTENT_REFUSALS,
          ...writeRefusals,
          ...bodyRefusals,
        },
      },
    ),
    patch: contentOperation(
      'patchContentItem',
      'Change des champs d’un élément qui existe : un JSON Merge Patch (RFC 7396), null retire un champ ; le résultat passe les contrôles de l’import.',
      {
        parameters: [KIND_PARAMETER, ID_PARAMETER, IF_MATCH],
        requestBody: {
          required: true,
          content: {
            'application/merge-patch+json': {
              schema: { type: 'object', description: 'Les champs à changer, avec leur nouvelle valeur (null : retiré) ; un objet change ses champs de même.' },
            },
          },
        },
        responses: {
          '200': itemAnswer('Changé : l’élément tel qu’il est maintenant gardé.'),
          ...CONTENT_REFUSALS,
          ...writeRefusals,
          ...bodyRefusals,
        },
      },
    ),
    delete: contentOperation('deleteContentItem', 'Supprime un élément qu’aucun autre n’utilise.', {
      parameters: [KIND_PARAMETER, ID_PARAMETER, IF_MATCH],
      responses: {
        '204': { description: 'Supprimé.', headers: NO_STORE },
        ...CONTENT_REFUSALS,
        ...writeRefusals,
      },
    }),
  },
  '/api/content/export': {
    get: contentOperation('getContentExport', 'Tout le contenu dans le format du fichier d’import : un élément par ligne, en ordre de clé.', {
      parameters: [],
      responses: {
        '200': {
          description: 'Le fichier, à réimporter tel quel (npm run import).',
          headers: {
            ...NO_STORE,
            'Content-Disposition': { description: 'attachment; filename="content-<jour>.json"', schema: { type: 'string' } },
          },
          content: { 'application/json': { schema: { $ref: componentRef('ContentFile') } } },
        },
        ...CONTENT_REFUSALS,
      },
    }),
  },
  '/api/content/journal': {
    get: contentOperation('getContentJournal', 'Le journal des écritures de l’API de contenu, la plus ancienne d’abord.', {
      parameters: [
        {
          name: 'after',
          in: 'query',
          required: false,
          description: 'Le numéro de la dernière écriture lue (0 par défaut).',
          schema: { type: 'integer', minimum: 0 },
        },
        { name: 'limit', in: 'query', required: false, description: 'Combien au plus (100 par défaut).', schema: { type: 'integer', minimum: 1, maximum: 1000 } },
      ],
      responses: {
        '200': {
          description: 'Une page du journal ; next mène à la suivante (null à la dernière).',
          headers: { ...NO_STORE, Link: { description: '<…>; rel="next" quand une page suit.', schema: { type: 'string' } } },
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  entries: { type: 'array', items: { $ref: componentRef('ContentJournalEntry') } },
                  next: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                },
                required: ['entries', 'next'],
              },
            },
          },
        },
        ...CONTENT_REFUSALS,
      },
    }),
  },
  [CONTENT_SCHEMA_PATH]: {
    get: {
      operationId: 'getContentSchemaJson',
      summary: 'Le schéma JSON (2020-12) du fichier d’import et des éléments de l’API de contenu, tiré des décodeurs de l’import ; public.',
      tags: [CONTENT_TAG],
      responses: {
        '200': {
          description: 'Le schéma JSON : chaque liste sous $defs, à son nom.',
          headers: { 'Cache-Control': CACHE_HEADERS['Cache-Control'] },
          content: { 'application/schema+json': { schema: { type: 'object' } } },
        },
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
      'Un entier s’écrit en chiffres décimaux, 15 au plus (au-delà : 400) ; une liste est le paramètre répété, et un ensemble. ' +
      'L’API de contenu (/api/content/…, étiquette content) lit, crée, remplace, change et supprime un élément de chaque liste du fichier d’import ' +
      'sous son étiquette (If-Match), avec un jeton (Authorization: Bearer) ; ses refus sont des problèmes RFC 9457 (application/problem+json).',
  },
  tags: [...new Set(routes.map((route) => describedRoute(route.url).tag)), CONTENT_TAG, 'description'].map((name) => ({ name })),
  paths: {
    ...Object.fromEntries(routes.map((route) => [openApiPath(route.url), { get: operationOf(route) }])),
    ...contentPaths,
    ...selfDescription,
  },
  components: {
    schemas: {
      ...Object.fromEntries(COMPONENTS.map(([name, codec]) => [name, jsonSchemaOfCodec(codec, referenceOf(codec))])),
      ...contentComponents(),
    } as Record<string, JsonSchema>,
    securitySchemes: {
      [CONTENT_SECURITY_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        description: 'Un jeton de l’API de contenu (npm run token -- create <nom>), montré une fois : Authorization: Bearer <jeton>.',
      },
    },
  },
});

/** The document as the server publishes it. */
export type OpenApiDocument = ReturnType<typeof openApiDocument>;
