import type { FastifyInstance } from 'fastify';

/** A plain answer: status, lower-case headers and the body as text. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** A client of an app, in-process: `get` takes a path and query, as the browser would send them. */
export interface TestClient {
  get(path: string, headers?: Record<string, string>): Promise<HttpAnswer>;
  getJson(path: string): Promise<{ status: number; body: unknown; headers: Record<string, string> }>;
  getBytes(path: string, headers?: Record<string, string>): Promise<{ status: number; body: Buffer; headers: Record<string, string> }>;
}

const flatten = (headers: Record<string, string | string[] | number | undefined>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers)
      .filter((entry): entry is [string, string | string[] | number] => entry[1] !== undefined)
      .map(([key, value]) => [key.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)]),
  );

/** A client that sends requests through `fastify.inject`: the whole server, no socket. */
export const injectClient = async (app: FastifyInstance): Promise<TestClient> => {
  await app.ready();
  const request = async (path: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: 'GET', url: path, headers });
    return { status: response.statusCode, headers: flatten(response.headers), raw: response.rawPayload };
  };
  return {
    get: async (path, headers) => {
      const answer = await request(path, headers);
      return { status: answer.status, headers: answer.headers, text: answer.raw.toString('utf8') };
    },
    getJson: async (path) => {
      const answer = await request(path);
      return { status: answer.status, headers: answer.headers, body: JSON.parse(answer.raw.toString('utf8')) as unknown };
    },
    getBytes: async (path, headers) => {
      const answer = await request(path, headers);
      return { status: answer.status, headers: answer.headers, body: answer.raw };
    },
  };
};
