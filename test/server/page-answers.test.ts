import { expect } from '@jest/globals';
import { DATA_BLOCK_ATTRIBUTE } from '../../src/services/embedded-answers';
import { PROFILE_TEXTS, type ProfileTextName } from '../../src/domain/site-profile';
import { profileTextNameOf } from '../../src/views/shared/profile-text';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import { closeOpened } from '../support/close-opened';
import { injectClient, type TestClient } from '../support/http-client';
import { DIST, parseHtml, startRenderedSite, type RenderedSite } from '../support/rendered-pages';
import { ensureTestMedia, openTestDatabase } from '../support/test-database';
import { buildApp } from '../../server/http/app';
import type { FastifyInstance } from 'fastify';

jest.setTimeout(60_000);

// The server renders its pages from its own API, asked in process through the real routes: a page
// holds exactly what an HTTP client of the same address gets, links included.

let site: RenderedSite;
let client: TestClient;

beforeAll(async () => {
  site = await startRenderedSite();
  client = await injectClient(site.app);
});

afterAll(async () => {
  await closeOpened(site);
});

/** A page's embedded answers, by path. */
const embeddedAnswers = async (http: TestClient, path: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> => {
  const answer = await http.get(path, headers);
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  const block = parseHtml(answer.text, `http://localhost${path}`).querySelector(`script[${DATA_BLOCK_ATTRIBUTE}]`);
  return (JSON.parse(block?.textContent ?? '{}') as { answers?: Record<string, unknown> }).answers ?? {};
};

describe('the answers a page embeds', () => {
  it.each(['/annuaire/', '/annuaire/?categorie=Grand+Conseil&q=hel', '/agenda/?categories=3&mois=12', '/actualites/', '/', '/recherche/?q=seance', '/panier/'])(
    '%s holds, for each path, what GET of that path answers',
    async (path) => {
      const answers = await embeddedAnswers(client, path);
      expect(Object.keys(answers).length).toBeGreaterThan(0);
      for (const [apiPath, body] of Object.entries(answers)) {
        // The institution's own texts travel under keys that are no API path: the profile's, in the page's language.
        const text = profileTextNameOf(apiPath, Object.keys(PROFILE_TEXTS) as ProfileTextName[]);
        if (text !== null) {
          expect(body).toEqual({ language: 'fr', html: defaultSiteProfile().texts.fr?.[text].html });
          continue;
        }
        const overHttp = await client.getJson(apiPath);
        expect({ apiPath, status: overHttp.status, body: overHttp.body }).toEqual({ apiPath, status: 200, body });
      }
    },
  );

  it("holds the API's links as a client of the page's address gets them, behind a trusted proxy too", async () => {
    const db = await openTestDatabase();
    const proxied: FastifyInstance = buildApp({ db, distDir: DIST, mediaDir: await ensureTestMedia(), trustProxy: true });
    const http = await injectClient(proxied);
    try {
      const headers = { host: 'canton.example', 'x-forwarded-proto': 'https' };
      const answers = await embeddedAnswers(http, '/annuaire/', headers);
      const list = answers['/api/contacts/?page_size=48'] as { next?: string } | undefined;
      expect(list?.next).toMatch(/^https:\/\/canton\.example\/api\/contacts\/\?page_size=48&cursor=/);
      expect(JSON.parse((await http.get('/api/contacts/?page_size=48', headers)).text)).toEqual(list);
    } finally {
      await proxied.close();
      await db.close();
    }
  });
});
