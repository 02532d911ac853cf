import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { JSDOM } from 'jsdom';
import { localizedPath } from '../../src/domain/permalinks';
import type { Language } from '../../src/domain/language';
import type { ProfileTextName, SiteProfile } from '../../src/domain/site-profile';
import { DATA_BLOCK_ATTRIBUTE } from '../../src/services/embedded-answers';
import { profileTextKey } from '../../src/views/shared/profile-text';
import type { Database } from '../../server/data/database';
import { buildApp } from '../../server/http/app';
import { defaultSiteProfile, loadSiteProfile } from '../../server/profile/load-site-profile';
import { closeOpened } from '../support/close-opened';
import { injectClient, type TestClient } from '../support/http-client';
import { DIST, parseHtml, RENDERED_SITE_ORIGIN } from '../support/rendered-pages';
import { ensureTestMedia, openTestDatabase } from '../support/test-database';

// The institution's own texts come from the site profile the server is given: a second profile (a
// fictional commune offering French and German) replaces every word of the demo's on the legal
// notice, the privacy statement, the accessibility statement's institution parts and the home page.

jest.setTimeout(120_000);

const FIXTURE = resolve(__dirname, '../fixtures/profiles/texts-commune');

let db: Database;
let app: FastifyInstance;
let client: TestClient;
let commune: SiteProfile;
const demo = defaultSiteProfile();

beforeAll(async () => {
  commune = loadSiteProfile(FIXTURE);
  db = await openTestDatabase();
  app = buildApp({ db, distDir: DIST, mediaDir: await ensureTestMedia(), publicOrigin: RENDERED_SITE_ORIGIN, profile: commune });
  await app.ready();
  client = await injectClient(app);
});

afterAll(async () => {
  await closeOpened({ close: () => app.close() }, db);
});

const pageOf = async (path: string): Promise<Document> => {
  const answer = await client.get(path);
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  return parseHtml(answer.text, `${RENDERED_SITE_ORIGIN}${path}`);
};

const dataBlockOf = (document: Document): { answers: Record<string, unknown> } =>
  JSON.parse(document.querySelector(`script[${DATA_BLOCK_ATTRIBUTE}]`)?.textContent ?? '{}') as { answers: Record<string, unknown> };

// Every sentence of the demo's texts, in every language, without its markup.
const demoSentences = Object.values(demo.texts).flatMap((texts) =>
  Object.values(texts).flatMap(({ html }) =>
    [...JSDOM.fragment(html).querySelectorAll('p, li, h2')].map((element) => element.textContent.replace(/\s+/g, ' ').trim()).filter((text) => text.length > 20),
  ),
);

const PAGES: readonly { readonly path: string; readonly name: ProfileTextName; readonly holder: string }[] = [
  { path: '/mentions-legales/', name: 'legalNotice', holder: '.info__text' },
  { path: '/protection-des-donnees/', name: 'privacy', holder: '.info__text' },
  { path: '/accessibilite/', name: 'accessibility', holder: '.statement__institution' },
  { path: '/', name: 'homeIntro', holder: '.home-intro' },
];

describe("a site given another institution's profile", () => {
  it.each(PAGES.flatMap((page) => (['fr', 'de'] as const).map((language) => [page.path, language, page] as const)))(
    "shows on %s in %s the profile's text, in that language, and none of the demo's",
    async (_path, language: Language, { path, name, holder }) => {
      const document = await pageOf(localizedPath(path, language));
      const own = commune.texts[language]![name];
      const shown = document.querySelector(`main ${holder}`);
      expect(shown?.innerHTML).toBe(own.html);
      expect(shown?.hasAttribute('lang')).toBe(false);
      // The browser's first render reads the same text from the page's data block, without a request.
      expect(dataBlockOf(document).answers[profileTextKey(name)]).toEqual({ language, html: own.html });
      const text = document.body.textContent.replace(/\s+/g, ' ');
      expect(demoSentences.filter((sentence) => text.includes(sentence))).toEqual([]);
    },
  );

  it("keeps the page's outline: its title the only h1, the profile's `##` its h2", async () => {
    for (const path of ['/mentions-legales/', '/protection-des-donnees/', '/accessibilite/']) {
      const document = await pageOf(path);
      expect(document.querySelectorAll('h1')).toHaveLength(1);
      expect(document.querySelectorAll('main [data-widget] :is(h1, h3, h4, h5, h6)')).toHaveLength(0);
    }
    const statement = await pageOf('/accessibilite/');
    expect([...statement.querySelectorAll('.statement__institution h2')].map((heading) => heading.textContent)).toEqual([
      'Limites connues de la commune',
      'Écrire au greffe',
      'Revue de la commune',
    ]);
  });

  it.each(['it', 'en'] as const)('has no page in %s, a language it does not offer, and a fragment asked in it speaks its default language', async (language) => {
    for (const { path } of PAGES) {
      const address = localizedPath(path, language);
      expect({ address, status: (await client.get(address)).status }).toEqual({ address, status: 404 });
    }
    const fragment = JSDOM.fragment((await client.get(`/fragments/site-info/?lang=${language}`)).text);
    expect(fragment.querySelector('[data-widget]')?.getAttribute('lang')).toBe('fr');
    expect(fragment.querySelector('.info__text')?.innerHTML).toBe(commune.texts.fr!.legalNotice.html);
  });

  it('gives a content system the same text in the fragment of the legal notice', async () => {
    const answer = await client.get('/fragments/site-info/?lang=de');
    expect(answer.status).toBe(200);
    const fragment = JSDOM.fragment(answer.text);
    expect(fragment.querySelector('.info__text')?.innerHTML).toBe(commune.texts.de!.legalNotice.html);
    expect(answer.text).not.toMatch(/Valmont|canton\.example/);
  });

  it('keeps the sitemap and the open-data page, which are not the institution\u2019s texts', async () => {
    const sitemap = await pageOf('/plan-du-site/');
    expect(sitemap.querySelector('main a[href="/mentions-legales/"]')).not.toBeNull();
    const data = await pageOf('/donnees/');
    expect(data.querySelector('main a[type="application/rdf+xml"]')).not.toBeNull();
    for (const document of [sitemap, data]) expect(Object.keys(dataBlockOf(document).answers)).toEqual([]);
  });
});
