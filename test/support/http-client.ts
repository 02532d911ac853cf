import type { FastifyInstance } from 'fastify';

/** A plain answer: status, lower-case headers and the body as text. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

/** A client of a listening app: `get` takes a path and query, as the browser would send them. */
export interface TestClient {
  baseUrl: string;
  get(path: string, headers?: Record<string, string>): Promise<HttpAnswer>;
  getJson(path: string): Promise<{ status: number; body: unknown; headers: Record<string, string> }>;
}

/**
 * Listens on a free loopback port and returns a fetch-based client. Real HTTP rather than
 * `inject()`: light-my-request needs `cookie` 1.x, an ES module that Jest's CommonJS run
 * cannot load with the current jest.config.js.
 */
export const listenForTests = async (app: FastifyInstance): Promise<TestClient> => {
  const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  const get = async (path: string, headers: Record<string, string> = {}): Promise<HttpAnswer> => {
    const response = await fetch(`${baseUrl}${path}`, { headers });
    const all: Record<string, string> = {};
    response.headers.forEach((value, key) => {
      all[key] = value;
    });
    return { status: response.status, headers: all, text: await response.text() };
  };
  return {
    baseUrl,
    get,
    getJson: async (path) => {
      const answer = await get(path);
      return { status: answer.status, headers: answer.headers, body: JSON.parse(answer.text) as unknown };
    },
  };
};
