import { buildApp, parseTrustProxy } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { openTestDatabase } from '../support/test-database';

jest.setTimeout(120_000);

describe('TRUST_PROXY', () => {
  it('reads true, a list of addresses, or nothing', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy(' ')).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8')).toEqual(['127.0.0.1', '10.0.0.0/8']);
  });

  describe('the links a page of the API holds', () => {
    let db: Database;
    beforeAll(async () => {
      db = await openTestDatabase();
    });
    afterAll(() => db.close());

    const nextOf = async (trustProxy: boolean): Promise<{ next: string | null; link: string | undefined }> => {
      const app = buildApp({ db, trustProxy });
      try {
        const response = await app.inject({
          url: '/api/contacts/',
          headers: { host: 'backend:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'canton.example' },
        });
        const paged = await app.inject({
          url: '/api/contacts/?page_size=5',
          headers: { host: 'backend:8080', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'canton.example' },
        });
        return { next: paged.json<{ next: string | null }>().next, link: response.headers.link as string | undefined };
      } finally {
        await app.close();
      }
    };

    it("carry the visitor's scheme and host behind a trusted proxy", async () => {
      const { next, link } = await nextOf(true);
      expect(next).toMatch(/^https:\/\/canton\.example\/api\/contacts\/\?/);
      expect(link).toMatch(/^<https:\/\/canton\.example\/api\/contacts\/\?/);
    });

    it('ignore forwarded headers and the Host when no proxy is trusted: relative paths', async () => {
      const { next, link } = await nextOf(false);
      expect(next).toMatch(/^\/api\/contacts\/\?/);
      expect(link).toMatch(/^<\/api\/contacts\/\?/);
    });
  });
});
