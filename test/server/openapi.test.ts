import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { expect } from '@jest/globals';
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import fc, { type Arbitrary } from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { isRight } from 'fp-ts/Either';
import { buildApp } from '../../server/http/app';
import { createToken } from '../../server/content-api/api-tokens';
import { CONTENT_SCHEMA_PATH, contentSchema } from '../../server/content-api/content-schema';
import { CONTENT_LISTS } from '../../server/data/content';
import type { Database } from '../../server/data/database';
import { API_ROUTES } from '../../server/http/api-routes';
import { siteListsOf } from '../../server/http/site';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import {
  API_REFERENCE_PATH,
  CONTENT_PATHS,
  CONTENT_SECURITY_SCHEME,
  CONTENT_TAG,
  contentComponentName,
  OPENAPI_PATH,
  openApiPath,
  parametersOf,
  ROUTE_DESCRIPTIONS,
  ApiError,
  type OpenApiDocument,
} from '../../server/http/description/openapi-document';
import type { JsonSchema } from '../../src/domain/json-schema-of-codec';
import { ListAnswer } from '../../src/domain/paging';
import { SITE_PROFILE_SCHEMA_PATH, siteProfileSchema } from '../../src/domain/site-profile-schema';
import { DEMO_NOW } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { openTestDatabase } from '../support/test-database';

// The demo profile's agenda and news scope, which an app built without a profile serves.
const { newsScope: SITE_NEWS_SCOPE } = siteListsOf(defaultSiteProfile());

jest.setTimeout(120_000);

let db: Database;
let app: FastifyInstance;
let client: TestClient;
let document: OpenApiDocument;
const registered: string[] = [];
// Every method of every /api/ route seen as registered, as `METHOD /path/{name}` (HEAD and OPTIONS, which Fastify and CORS add, left out).
const registeredOperations: string[] = [];

beforeAll(async () => {
  db = await openTestDatabase();
  app = buildApp({ db, now: () => DEMO_NOW });
  // Routes registered from here on (the API's are, when the app gets ready) are seen as the router gets them.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.includes('GET') && route.url.startsWith('/api/')) registered.push(route.url);
    if (route.url.startsWith('/api/'))
      for (const method of methods) if (method !== 'HEAD' && method !== 'OPTIONS') registeredOperations.push(`${method} ${openApiPath(route.url)}`);
  });
  client = await injectClient(app);
  const answer = await client.getJson(OPENAPI_PATH);
  document = answer.body as OpenApiDocument;
});

afterAll(async () => {
  await app.close();
  await db.close();
});

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: JsonSchema }> }>;
}
const operationAt = (path: string): Operation => (document.paths as unknown as Record<string, { get: Operation }>)[path]!.get;

// The published schemas, compiled as a client would: each response schema with the document's components beside it.
const ajv = new Ajv({ strict: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();
const publishedValidator = (path: string, status: string): ValidateFunction => {
  const key = `${path} ${status}`;
  let validate = compiled.get(key);
  if (validate === undefined) {
    const schema = operationAt(path).responses[status]?.content?.['application/json']?.schema;
    if (schema === undefined) throw new Error(`${path} documents no JSON answer ${status}`);
    validate = ajv.compile({ ...schema, components: document.components });
    compiled.set(key, validate);
  }
  return validate;
};

const routeOfPath = (path: string) => API_ROUTES.find((route) => openApiPath(route.url) === path)!;

// The client's decoder of a route's 200: its codec, or ListAnswer for a list.
const clientDecodes = (path: string, body: unknown): boolean => {
  const { answer } = ROUTE_DESCRIPTIONS[routeOfPath(path).url]!;
  return isRight('one' in answer ? answer.one.decode(body) : ListAnswer(answer.list).decode(body));
};

/** Checks a live answer of `path` against the published schema of its status, and, for a 200, that the client's codec agrees. */
const expectPublished = (path: string, status: number, body: unknown): void => {
  const documented = Object.keys(operationAt(path).responses);
  expect(documented).toContain(String(status));
  const validate = publishedValidator(path, String(status));
  const valid = validate(body);
  if (!valid) throw new Error(`${path} ${status}: ${ajv.errorsText(validate.errors)}\n${JSON.stringify(body).slice(0, 400)}`);
  if (status === 200) expect(clientDecodes(path, body)).toBe(true);
  else expect(isRight(ApiError.decode(body))).toBe(true);
};

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // The validator ships as an ES module only, which this CommonJS test run cannot load: it runs in a Node of its own.
    const script =
      "import { Validator } from '@seriousme/openapi-schema-validator';" +
      "let text = ''; for await (const chunk of process.stdin) text += chunk;" +
      'const result = await new Validator().validate(JSON.parse(text));' +
      'process.stdout.write(JSON.stringify({ valid: result.valid, errors: result.errors ?? [] }));';
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: resolve(__dirname, '../..'), input: JSON.stringify(document) });
    const result = JSON.parse(output.toString('utf8')) as { valid: boolean; errors: unknown[] };
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every registered /api/ route, and documents no path that is not registered', () => {
    const documented = Object.keys(document.paths).sort();
    const routes = [...new Set(registered.map(openApiPath))].sort();
    expect(routes.length).toBeGreaterThanOrEqual(API_ROUTES.length + 2);
    // The content API's schema is registered on the app itself, before this test could listen: the router is asked below.
    expect(documented.filter((path) => path !== CONTENT_SCHEMA_PATH)).toEqual(routes);
  });

  it('describes every method of every registered /api/ route, and documents no operation the router does not have', () => {
    const documented = Object.entries(document.paths as unknown as Record<string, Record<string, unknown>>)
      .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(expect.arrayContaining([...new Set(registeredOperations)]));
    for (const operation of documented) {
      const [method, path] = operation.split(' ') as [string, string];
      const routed = registeredOperations.includes(operation) || app.hasRoute({ method, url: path.replace(/\{([A-Za-z]+)\}/g, ':$1') });
      expect([operation, routed]).toEqual([operation, true]);
    }
  });

  it('takes each parameter from the schema the server validates it with, limits included', () => {
    for (const route of API_ROUTES) {
      const published = (document.paths as unknown as Record<string, { get: { parameters: unknown[] } }>)[openApiPath(route.url)]!.get.parameters;
      expect(published).toEqual(parametersOf(route));
    }
    const agenda = parametersOf(routeOfPath('/api/agenda/'));
    expect(agenda.find((parameter) => parameter.name === 'categories')?.schema).toMatchObject({ type: 'array', maxItems: 50, items: { minimum: 1 } });
    expect(agenda.find((parameter) => parameter.name === 'title')?.schema).toMatchObject({ maxLength: 200 });
    expect(agenda.find((parameter) => parameter.name === 'page_size')?.schema).toMatchObject({ minimum: 1, maximum: 100 });
  });

  it.each([OPENAPI_PATH, API_REFERENCE_PATH, '/api', SITE_PROFILE_SCHEMA_PATH])(
    'is cached like every answer: %s has a strong ETag and revalidates with 304',
    async (path) => {
      const first = await client.get(path);
      expect(first.status).toBe(200);
      expect(first.headers['etag']).toMatch(/^"[^"]+"$/);
      expect(first.headers['cache-control']).toMatch(/public/);
      const again = await client.get(path, { 'if-none-match': first.headers['etag']! });
      expect(again.status).toBe(304);
      const zipped = await client.get(path, { 'accept-encoding': 'br' });
      expect(zipped.headers['content-encoding']).toBe('br');
    },
  );
});

describe('GET /api/site-profile.schema.json', () => {
  it("publishes the schema generated from site.json's codec, as a JSON Schema document", async () => {
    const { status, headers, text } = await client.get(SITE_PROFILE_SCHEMA_PATH);
    expect(status).toBe(200);
    expect(headers['content-type']).toBe('application/schema+json; charset=utf-8');
    expect(JSON.parse(text)).toEqual(siteProfileSchema());
  });
});

describe('the description routes and the HTTP rules', () => {
  it.each([OPENAPI_PATH, API_REFERENCE_PATH, SITE_PROFILE_SCHEMA_PATH])('answers another method on %s with 405 and Allow, as every API route', async (path) => {
    const answer = await app.inject({ method: 'POST', url: path });
    expect(answer.statusCode).toBe(405);
    expect(answer.headers.allow).toBe('GET, HEAD, OPTIONS');
  });
});

describe('GET /api/ (the reference page)', () => {
  it('renders every route, its parameters and answers as plain accessible HTML, with no script and no inline style', async () => {
    const { status, headers, text } = await client.get(API_REFERENCE_PATH);
    expect(status).toBe(200);
    expect(headers['content-type']).toMatch(/^text\/html/);
    expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(text).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(text).toMatch(/<title>[^<]+<\/title>/);
    expect(text.match(/<h1[ >]/g)).toHaveLength(1);
    expect(text).not.toMatch(/<script|<style|style=/i);
    for (const path of Object.keys(document.paths)) expect(text).toContain(`GET <code>${path}</code>`);
    expect(text).toContain('<th scope="col">Limites</th>');
    expect(text).toContain('<code>maxLength</code>'.replace('<code>maxLength</code>', 'au plus ce nombre de caractères : <code>200</code>'));
    // Every table has a caption and column headers.
    const tables = text.match(/<table>[\s\S]*?<\/table>/g) ?? [];
    expect(tables.length).toBeGreaterThan(API_ROUTES.length);
    for (const table of tables) expect(table).toMatch(/^<table><caption>[^<]+<\/caption>\n<thead><tr><th scope="col">/);
  });
});

// Known-good values of the demo, read from the API itself.
const known = async () => {
  const contacts = (await client.getJson('/api/contacts/?page_size=1')).body as { results: { slug: string }[] };
  const events = (await client.getJson('/api/agenda/1/?page_size=1')).body as { results: { id: number }[] };
  const news = (await client.getJson(`/api/news/${SITE_NEWS_SCOPE}/?page_size=1`)).body as { results: { slug: string }[] };
  return { id: '1', eventId: String(events.results[0]!.id), slug: contacts.results[0]!.slug, scope: SITE_NEWS_SCOPE, newsSlug: news.results[0]!.slug };
};

const fill = (path: string, values: Readonly<Record<string, string>>): string =>
  path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) =>
    encodeURIComponent(path.startsWith('/api/news/{scope}/{slug}') && name === 'slug' ? values['newsSlug']! : values[name]!),
  );

describe('live answers validate against the published schemas', () => {
  it('for the plain, paged and followed answers of every route, and the errors', async () => {
    const values = await known();
    for (const route of API_ROUTES) {
      const path = openApiPath(route.url);
      const url = fill(path, values);
      const plain = await client.getJson(url);
      expectPublished(path, plain.status, plain.body);
      if (plain.status === 200) expect(plain.headers['etag']).toBeDefined();
      const refused = await client.getJson(`${url}${url.includes('?') ? '&' : '?'}unknown=1`);
      expect(refused.status).toBe(400);
      expectPublished(path, 400, refused.body);
      if (parametersOf(route).some((parameter) => parameter.name === 'cursor')) {
        const first = await client.getJson(`${url}?page_size=2`);
        expectPublished(path, first.status, first.body);
        const next = (first.body as { next?: string | null }).next;
        if (typeof next === 'string') {
          const second = await client.getJson(next);
          expectPublished(path, second.status, second.body);
        }
        const forged = await client.getJson(`${url}?cursor=abc.def`);
        expectPublished(path, forged.status, forged.body);
      }
    }
    const missing = await client.getJson('/api/contacts/personne-inconnue/');
    expect(missing.status).toBe(404);
    expectPublished('/api/contacts/{slug}/', 404, missing.body);
  });

  // Values within a parameter's published schema (its limits), as a client reading the document would send them.
  const valueOf = (schema: JsonSchema): Arbitrary<string | string[]> => {
    if (schema['type'] === 'array')
      return fc.array(valueOf(schema['items'] as JsonSchema) as Arbitrary<string>, { maxLength: Math.min(5, Number(schema['maxItems'] ?? 5)) });
    if (Array.isArray(schema['enum'])) return fc.constantFrom(...(schema['enum'] as string[]));
    if (schema['type'] === 'integer') {
      const min = Number(schema['minimum'] ?? 0);
      const max = Number(schema['maximum'] ?? 1_000_000);
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 30) }), fc.integer({ min, max })).map(String);
    }
    const minLength = Number(schema['minLength'] ?? 0);
    const maxLength = Number(schema['maxLength'] ?? 40);
    const text =
      typeof schema['pattern'] === 'string'
        ? fc.oneof(fc.stringMatching(new RegExp(schema['pattern'])), fc.constantFrom('conseil', 'ma', 'séance', 'Dupont', 'routes'))
        : fc.string({ minLength: Math.max(1, minLength), maxLength: 12 });
    return text.filter(
      (value) => value.length >= minLength && value.length <= maxLength && (typeof schema['pattern'] !== 'string' || new RegExp(schema['pattern'], 'u').test(value)),
    );
  };

  it.each(API_ROUTES.map((route) => [route.url, route] as const))('for generated requests of %s within the schemas’ limits (fast-check)', async (_, route) => {
    const values = await known();
    const path = openApiPath(route.url);
    const query = parametersOf(route).filter((parameter) => parameter.in === 'query');
    const pathParameters = parametersOf(route).filter((parameter) => parameter.in === 'path');
    const queries = fc.record(Object.fromEntries(query.map((parameter) => [parameter.name, valueOf(parameter.schema)])), {
      requiredKeys: query.filter((parameter) => parameter.required).map((parameter) => parameter.name),
    });
    // Path values: the demo's own (an answer) or any the schema allows (mostly a 404).
    const paths = fc.record(
      Object.fromEntries(pathParameters.map((parameter) => [parameter.name, fc.oneof(fc.constant(null), valueOf(parameter.schema) as Arbitrary<string>)])),
    );
    await fc.assert(
      fc.asyncProperty(paths, queries, async (pathValues, queryValues) => {
        const url = path.replace(/\{([A-Za-z]+)\}/g, (_, name: string) =>
          encodeURIComponent(pathValues[name] ?? (name === 'slug' && path.startsWith('/api/news/') ? values.newsSlug : values[name as keyof typeof values])),
        );
        const search = new URLSearchParams();
        for (const [name, value] of Object.entries(queryValues)) for (const one of Array.isArray(value) ? value : [value]) search.append(name, one);
        const answer = await client.getJson(`${url}${search.size > 0 ? `?${search.toString()}` : ''}`);
        expect([200, 400, 404]).toContain(answer.status);
        expectPublished(path, answer.status, answer.body);
      }),
      { numRuns: 12 },
    );
  });
});

describe('the content API in the description', () => {
  type Method = 'get' | 'put' | 'patch' | 'delete';
  interface Answer {
    headers?: Record<string, unknown>;
    content?: Record<string, { schema: JsonSchema }>;
  }
  interface ContentOperation {
    tags: string[];
    security?: Record<string, string[]>[];
    parameters?: { name: string; in: string }[];
    requestBody?: { content: Record<string, { schema: JsonSchema }> };
    responses: Record<string, Answer>;
  }
  const paths = () => document.paths as unknown as Record<string, Partial<Record<Method, ContentOperation>>>;
  const operation = (path: string, method: Method): ContentOperation => paths()[path]![method]!;
  const components = () => document.components as unknown as { schemas: Record<string, JsonSchema>; securitySchemes?: Record<string, unknown> };

  // The published schemas compiled as a client of JSON Schema 2020-12 would (formats are not checked, as test/server/content-schema.test.ts).
  const ajv2020 = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 6, validateFormats: false });
  const expectValid = (schema: JsonSchema, value: unknown, what: string): void => {
    const validate = ajv2020.compile({ ...schema, components: document.components });
    if (!validate(value)) throw new Error(`${what}: ${ajv2020.errorsText(validate.errors)}\n${JSON.stringify(value).slice(0, 400)}`);
  };

  const HEADERS_READ = ['etag', 'location', 'retry-after', 'www-authenticate', 'link', 'content-disposition'];

  /** Checks a live answer against the operation's documented answer of its status: listed, its body valid against the schema of its media type, its headers named. */
  const expectDocumented = (path: string, method: Method, answer: { statusCode: number; headers: Record<string, unknown>; body: string }): void => {
    const documented = operation(path, method).responses[String(answer.statusCode)];
    if (documented === undefined) throw new Error(`${method.toUpperCase()} ${path} answered ${answer.statusCode}, which the description does not list`);
    const names = Object.keys(documented.headers ?? {}).map((name) => name.toLowerCase());
    for (const name of HEADERS_READ)
      if (answer.headers[name] !== undefined) expect([answer.statusCode, name, names.includes(name)]).toEqual([answer.statusCode, name, true]);
    if (answer.body === '') return;
    const contentType = answer.headers['content-type'];
    const type = (typeof contentType === 'string' ? contentType : '').split(';')[0]!;
    const schema = documented.content?.[type]?.schema;
    if (schema === undefined) throw new Error(`${method.toUpperCase()} ${path} ${answer.statusCode}: ${type} is not a documented body`);
    expectValid(schema, JSON.parse(answer.body), `${method.toUpperCase()} ${path} ${answer.statusCode}`);
  };

  it('documents each route of the content API with its methods, the tag content, whatever the profile switches off', () => {
    for (const [path, methods] of Object.entries(CONTENT_PATHS)) {
      expect(Object.keys(paths()[path] ?? {}).sort()).toEqual([...methods].sort());
      for (const method of methods) expect(operation(path, method).tags).toEqual([CONTENT_TAG]);
    }
    expect(document.tags.map((tag) => tag.name)).toContain(CONTENT_TAG);
    const kind = operation('/api/content/{kind}/{id}', 'get').parameters?.find((parameter) => parameter.name === 'kind') as unknown as { schema: JsonSchema };
    expect(kind.schema['enum']).toEqual(CONTENT_LISTS);
  });

  it('requires the bearer token on the content routes only, the schema of the import file public', () => {
    expect(components().securitySchemes?.[CONTENT_SECURITY_SCHEME]).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document).not.toHaveProperty('security');
    for (const [path, item] of Object.entries(paths())) {
      for (const [method, described] of Object.entries(item) as [Method, ContentOperation][]) {
        const secured = path.startsWith('/api/content/') && path !== CONTENT_SCHEMA_PATH;
        expect([method, path, described.security ?? null]).toEqual([method, path, secured ? [{ [CONTENT_SECURITY_SCHEME]: [] }] : null]);
        if (secured) expect(Object.keys(described.responses)).toEqual(expect.arrayContaining(['401', '429']));
      }
    }
  });

  it('describes the bodies: an item of each list as the import file, a merge patch, and problem details', () => {
    const put = operation('/api/content/{kind}/{id}', 'put');
    const item = put.requestBody?.content['application/json']?.schema;
    expect(item?.['anyOf']).toEqual(CONTENT_LISTS.map((list) => ({ $ref: `#/components/schemas/${contentComponentName(list)}` })));
    expect(Object.keys(operation('/api/content/{kind}/{id}', 'patch').requestBody?.content ?? {})).toEqual(['application/merge-patch+json']);
    expect(Object.keys(put.responses).sort()).toEqual(['200', '201', '400', '401', '404', '409', '412', '413', '415', '422', '428', '429', '503']);
    expect(Object.keys(put.responses['201']?.headers ?? {})).toEqual(expect.arrayContaining(['ETag', 'Location']));
    expect(put.responses['422']?.content?.['application/problem+json']?.schema).toEqual({ $ref: '#/components/schemas/Problem' });
    expect(put.parameters?.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name)).toEqual(['If-Match', 'If-None-Match']);
    // Each list's item is the very schema /api/content.schema.json publishes under $defs, its references turned to components.
    const published = contentSchema()['$defs'] as Record<string, JsonSchema>;
    for (const [name, schema] of Object.entries(published)) {
      expect(JSON.stringify(components().schemas[contentComponentName(name)]).replaceAll('#/components/schemas/Content.', '#/$defs/')).toBe(JSON.stringify(schema));
    }
  });

  it('documents every live answer of a read, a create, a replace, a patch, a delete and their refusals', async () => {
    const token = await createToken(db, 'openapi-test');
    const auth = { authorization: `Bearer ${token}` };
    const ITEM = '/api/content/{kind}/{id}';
    const [{ id } = { id: 0 }] = await db.query<{ id: number }>('select id from events order by id limit 1');
    const [{ last } = { last: 0 }] = await db.query<{ last: number }>('select max(id)::int as last from events');
    const url = `/api/content/events/${id}`;
    const send = async (method: Method, path: string, address: string, headers: Record<string, string> = {}, payload?: string) => {
      const answer = await app.inject({ method: method.toUpperCase() as 'GET', url: address, headers, ...(payload === undefined ? {} : { payload }) });
      const live = { statusCode: answer.statusCode, headers: answer.headers, body: answer.body };
      expectDocumented(path, method, live);
      return live;
    };

    const read = await send('get', ITEM, url, auth);
    expect(read.statusCode).toBe(200);
    const etag = String(read.headers.etag);
    const event = JSON.parse(read.body) as Record<string, unknown>;
    expect((await send('get', ITEM, url, { ...auth, 'if-none-match': etag })).statusCode).toBe(304);
    expect((await send('get', ITEM, url)).statusCode).toBe(401);
    expect((await send('get', ITEM, url, { authorization: 'Bearer ist_not-a-token' })).statusCode).toBe(401);
    expect((await send('get', ITEM, '/api/content/events/99999999', auth)).statusCode).toBe(404);
    expect((await send('get', ITEM, '/api/content/nothing/1', auth)).statusCode).toBe(404);

    const json = { ...auth, 'content-type': 'application/json' };
    const body = JSON.stringify({ ...event, title: `${String(event['title'])} (changed)` });
    expect((await send('put', ITEM, url, json, body)).statusCode).toBe(428);
    expect((await send('put', ITEM, url, { ...json, 'if-match': '"stale"' }, body)).statusCode).toBe(412);
    expect((await send('put', ITEM, url, { ...json, 'if-match': etag }, '{')).statusCode).toBe(400);
    expect((await send('put', ITEM, url, { ...auth, 'content-type': 'text/plain', 'if-match': etag }, body)).statusCode).toBe(415);
    expect((await send('put', ITEM, url, { ...json, 'if-match': etag }, JSON.stringify({ ...event, bel_date: 'tomorrow' }))).statusCode).toBe(422);
    const replaced = await send('put', ITEM, url, { ...json, 'if-match': etag }, body);
    expect(replaced.statusCode).toBe(200);

    const patch = { ...auth, 'content-type': 'application/merge-patch+json', 'if-match': String(replaced.headers.etag) };
    expect((await send('patch', ITEM, url, { ...auth, 'content-type': 'application/json' }, '{}')).statusCode).toBe(415);
    const patched = await send('patch', ITEM, url, patch, JSON.stringify({ title: event['title'] }));
    expect(patched.statusCode).toBe(200);
    expect(JSON.parse(patched.body)).toEqual(event);

    const fresh = `/api/content/events/${last + 1}`;
    const created = await send('put', ITEM, fresh, { ...json, 'if-none-match': '*' }, JSON.stringify({ ...event, id: last + 1 }));
    expect(created.statusCode).toBe(201);
    expect(created.headers.location).toBe(fresh);
    expect((await send('put', ITEM, fresh, { ...json, 'if-none-match': '*' }, JSON.stringify({ ...event, id: last + 1 }))).statusCode).toBe(412);
    // A body whose key is not the path's.
    expect((await send('put', ITEM, fresh, { ...json, 'if-match': String(created.headers.etag) }, JSON.stringify(event))).statusCode).toBe(400);
    expect((await send('delete', ITEM, fresh, auth)).statusCode).toBe(428);
    expect((await send('delete', ITEM, fresh, { ...auth, 'if-match': String(created.headers.etag) })).statusCode).toBe(204);
    expect((await send('delete', ITEM, fresh, { ...auth, 'if-match': '*' })).statusCode).toBe(412);
    // An agenda its events still use cannot go.
    const agenda = await send('get', ITEM, `/api/content/agendas/${String(event['agenda_id'])}`, auth);
    expect((await send('delete', ITEM, `/api/content/agendas/${String(event['agenda_id'])}`, { ...auth, 'if-match': String(agenda.headers.etag) })).statusCode).toBe(
      409,
    );

    const exported = await send('get', '/api/content/export', '/api/content/export', auth);
    expect(exported.statusCode).toBe(200);
    const journal = await send('get', '/api/content/journal', '/api/content/journal?limit=2', auth);
    expect(journal.statusCode).toBe(200);
    expect((JSON.parse(journal.body) as { entries: unknown[] }).entries).toHaveLength(2);
    expect((await send('get', '/api/content/journal', '/api/content/journal?limit=0', auth)).statusCode).toBe(400);
    expect((await send('get', '/api/content/journal', '/api/content/journal', {})).statusCode).toBe(401);

    // The import file's schema is public: no token.
    const schema = await app.inject({ method: 'GET', url: CONTENT_SCHEMA_PATH });
    expect(schema.statusCode).toBe(200);
    expect(Object.keys(operation(CONTENT_SCHEMA_PATH, 'get').responses['200']?.content ?? {})).toEqual([String(schema.headers['content-type']).split(';')[0]]);
  });
});
