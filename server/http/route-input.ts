import { STATUS_CODES } from 'node:http';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';

/**
 * Every route's params and query become exact domain values here, before any SQL, for every
 * client of the route, the page renderer's in-process requests included (and for the fuzz test):
 * integers written as plain digits within their range, text without control characters within
 * its length, slugs and days by their patterns, no parameter the route does not read, and each
 * list a set (sorted, each value once).
 */

// Fastify's Ajv defaults (@fastify/ajv-compiler) with coercion of a single value into a list
// (`?categories=3`); number coercion is only reached once the digits check below has passed.
const ajv = new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, addUsedSchema: false, allErrors: false });

/** One validation error as the 400 body says it. */
export const ajvMessage = (error: Pick<ErrorObject, 'instancePath' | 'message' | 'params'>, dataVar: string): string => {
  const extra = typeof error.params['additionalProperty'] === 'string' ? `: '${error.params['additionalProperty']}'` : '';
  return `${dataVar}${error.instancePath} ${error.message ?? 'is invalid'}${extra}`;
};

/**
 * The most digits an integer of an address may have. Every bound of the API has at most 10
 * digits (an id's, 2,147,483,647); up to 15 a JavaScript number holds any of them exactly, with
 * leading zeros to spare. 309 digits or more read as `Infinity`, which slipped past every
 * `maximum` and reached PostgreSQL (a 500).
 */
export const MAX_INTEGER_DIGITS = 15;

/**
 * How an integer is written in an address: decimal digits only (`03` is 3), at most
 * `MAX_INTEGER_DIGITS` of them, no sign, no point, no exponent, no space. Ajv alone would coerce
 * `1e3`, ` 3`, `0x10` or `Infinity` into numbers (the last one into a value PostgreSQL refuses);
 * the range is the schema's to check.
 */
export const PLAIN_INTEGER = new RegExp(`^[0-9]{1,${MAX_INTEGER_DIGITS}}$`);

/** What an API call answers: a status, a JSON body and extra headers (`Link`), whoever carries it (Fastify or a page renderer). */
export interface ApiAnswer {
  status: number;
  body: unknown;
  headers?: Readonly<Record<string, string>>;
  /** The moment (ms) the answer changes by itself (an event it calls coming is over): it is kept until then only. */
  until?: number | null;
}

/** The JSON schemas of a route's parts, which Fastify validates before the route's own decoding. */
export interface RouteSchema {
  params?: object;
  querystring?: object;
}

/** A route's params and query once decoded, or the 400 that refuses them. */
export type DecodedInput = { readonly ok: true; readonly params: unknown; readonly query: unknown } | { readonly ok: false; readonly answer: ApiAnswer };

/** Decodes the raw params (strings) and query (strings or lists of strings) of one route. */
export type RouteDecoder = (params: unknown, query: unknown) => DecodedInput;

const badRequest = (message: string): DecodedInput => ({
  ok: false,
  answer: { status: 400, body: { statusCode: 400, error: STATUS_CODES[400] ?? 'Bad Request', message } },
});

interface PropertySchema {
  readonly type?: unknown;
  readonly items?: { readonly type?: unknown };
}

// The names of a schema's properties typed integer, and of those typed as lists of integers.
const integerFields = (schema: object | undefined): { scalars: string[]; lists: string[] } => {
  const properties = (schema as { properties?: Record<string, PropertySchema> } | undefined)?.properties ?? {};
  const entries = Object.entries(properties);
  return {
    scalars: entries.filter(([, property]) => property.type === 'integer').map(([name]) => name),
    lists: entries.filter(([, property]) => property.type === 'array' && property.items?.type === 'integer').map(([name]) => name),
  };
};

// The raw values copied into a plain object of own keys only: a `__proto__` or `constructor`
// parameter is an unknown key the schema refuses, never a prototype.
const ownCopy = (raw: unknown): Record<string, unknown> => {
  const copy: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  if (raw === null || typeof raw !== 'object') return copy;
  for (const key of Object.keys(raw)) {
    Object.defineProperty(copy, key, { value: (raw as Record<string, unknown>)[key], enumerable: true, writable: true, configurable: true });
  }
  return copy;
};

// Why a value is not a plain integer: digits too many, or not digits at all (Ajv's own words).
const notPlain = (value: string): string => (/^[0-9]+$/.test(value) ? `must have at most ${MAX_INTEGER_DIGITS} digits` : 'must be integer');

// The first value of an integer field not written as plain digits, with its place in the list.
const looseInteger = (fields: { scalars: readonly string[]; lists: readonly string[] }, values: Record<string, unknown>, dataVar: string): string | null => {
  for (const name of fields.scalars) {
    const value = values[name];
    // A list where one value is expected is Ajv's to refuse, with its own message.
    if (typeof value === 'string' && !PLAIN_INTEGER.test(value)) return `${dataVar}/${name} ${notPlain(value)}`;
  }
  for (const name of fields.lists) {
    const value = values[name];
    const list = Array.isArray(value) ? (value as unknown[]) : value === undefined ? [] : [value];
    const index = list.findIndex((item) => typeof item === 'string' && !PLAIN_INTEGER.test(item));
    const item = list[index];
    if (typeof item === 'string') return `${dataVar}/${name}/${index} ${notPlain(item)}`;
  }
  return null;
};

const byValue = (a: unknown, b: unknown): number =>
  typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;

// Every list a route reads is a set (categories, kinds): `?categories=7&categories=3&categories=3`
// is `?categories=3&categories=7`, for the answer, its links and its cache key alike.
const asSets = (values: Record<string, unknown>): void => {
  for (const [name, value] of Object.entries(values)) if (Array.isArray(value)) values[name] = [...new Set(value as unknown[])].sort(byValue);
};

const part = (schema: object | undefined, dataVar: string) => {
  const validate: ValidateFunction | undefined = schema === undefined ? undefined : ajv.compile(schema);
  const fields = integerFields(schema);
  return (raw: unknown): { ok: true; value: unknown } | { ok: false; message: string } => {
    const values = ownCopy(raw);
    const loose = looseInteger(fields, values, dataVar);
    if (loose !== null) return { ok: false, message: loose };
    if (validate !== undefined && !validate(values)) {
      return { ok: false, message: (validate.errors ?? []).map((error) => ajvMessage(error, dataVar)).join(', ') };
    }
    asSets(values);
    return { ok: true, value: values };
  };
};

/** The decoder of a route's schema: params first, then the query, as Fastify's validation ordered them. */
export const routeDecoder = (schema: RouteSchema): RouteDecoder => {
  const params = part(schema.params, 'params');
  const query = part(schema.querystring, 'querystring');
  return (rawParams, rawQuery) => {
    const decodedParams = params(rawParams);
    if (!decodedParams.ok) return badRequest(decodedParams.message);
    const decodedQuery = query(rawQuery);
    if (!decodedQuery.ok) return badRequest(decodedQuery.message);
    return { ok: true, params: decodedParams.value, query: decodedQuery.value };
  };
};
