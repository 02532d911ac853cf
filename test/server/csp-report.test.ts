import type { InjectOptions } from 'fastify';
import { CSP_REPORT_BODY_LIMIT, CSP_REPORT_PATH } from '../../server/http/http-rules';
import { fakeDistSite } from '../support/fake-dist-site';

// Issue 42: /csp-report took `text/plain` bodies up to Fastify's 1 MB, and answered GET with a 404
// while PUT was told to "use GET".
jest.setTimeout(60_000);

const site = fakeDistSite();

const REPORT = JSON.stringify({ 'csp-report': { 'document-uri': 'https://canton.example/', 'violated-directive': 'style-src', 'blocked-uri': 'inline' } });

describe('the reports of the Content Security Policy', () => {
  it.each(['application/csp-report', 'application/reports+json', 'application/json', 'text/plain', 'text/plain; charset=utf-8'])(
    'takes a report sent as %s, and refuses one past 16 KB with 413',
    async (type) => {
      const taken = await site.app.inject({ method: 'POST', url: CSP_REPORT_PATH, headers: { 'content-type': type }, payload: REPORT });
      expect(taken.statusCode).toBe(204);
      const atLimit = await site.app.inject({ method: 'POST', url: CSP_REPORT_PATH, headers: { 'content-type': type }, payload: 'x'.repeat(CSP_REPORT_BODY_LIMIT) });
      expect(atLimit.statusCode).toBe(204);
      for (const size of [CSP_REPORT_BODY_LIMIT + 1, 100_000, 1_000_000]) {
        const tooLong = await site.app.inject({ method: 'POST', url: CSP_REPORT_PATH, headers: { 'content-type': type }, payload: 'x'.repeat(size) });
        expect({ size, status: tooLong.statusCode }).toEqual({ size, status: 413 });
      }
    },
  );

  it('refuses a body of a type it does not read', async () => {
    const answer = await site.app.inject({ method: 'POST', url: CSP_REPORT_PATH, headers: { 'content-type': 'application/octet-stream' }, payload: 'x' });
    expect(answer.statusCode).toBe(415);
  });

  it.each(['GET', 'HEAD', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const satisfies readonly NonNullable<InjectOptions['method']>[])(
    'answers %s with 405 and Allow: POST, kept by no cache',
    async (method) => {
      for (const url of [CSP_REPORT_PATH, `${CSP_REPORT_PATH}?x=1`]) {
        const answer = await site.app.inject({ method, url });
        expect({ url, status: answer.statusCode, allow: answer.headers.allow, cache: answer.headers['cache-control'] }).toEqual({
          url,
          status: 405,
          allow: 'POST',
          cache: 'no-store',
        });
        if (method !== 'HEAD') expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 405, error: 'Method Not Allowed' });
      }
    },
  );
});
