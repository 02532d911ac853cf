import { within } from '@testing-library/dom';
import { LANGUAGES } from '../../src/i18n/language';
import { localizedPath } from '../../src/domain/permalinks';
import { closeOpened } from '../support/close-opened';
import { injectClient, type TestClient } from '../support/http-client';
import { collapse, embeddedPaths, headOf, parseHtml, startRenderedSite, type RenderedSite } from '../support/rendered-pages';
import { demoName } from '../support/profile-strings';

jest.setTimeout(120_000);

const HOST = 'www.canton.example';
const ORIGIN = `http://${HOST}`;

let site: RenderedSite;
let client: TestClient;

beforeAll(async () => {
  site = await startRenderedSite();
  client = await injectClient(site.app);
});

afterAll(async () => {
  await closeOpened(site);
});

const page = async (path: string): Promise<Document> => {
  const answer = await client.get(path, { host: HOST });
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  return parseHtml(answer.text, `${ORIGIN}${path}`);
};

const main = (document: Document) => within(document.querySelector('main')!);

describe('the search page, as the server renders it', () => {
  it('renders the results of the address grouped by kind, linked to their pages, with the answer it was built from', async () => {
    const document = await page('/recherche/?q=helene');
    const head = headOf(document);
    // The title names the query first (WCAG 2.4.2); the page's own title stays for the script to give back when the box is emptied.
    expect(head.title).toBe(`« helene » – Recherche – ${demoName('fr')}`);
    expect(document.querySelector('title')?.getAttribute('data-list-title')).toBe(`Recherche – ${demoName('fr')}`);
    expect(head.canonical).toBe(`${ORIGIN}/recherche/`);
    expect(main(document).getByRole('heading', { level: 1 }).textContent).toBe('Recherche');
    expect(main(document).getByRole<HTMLInputElement>('searchbox', { name: 'Rechercher sur le site' }).value).toBe('helene');
    expect(collapse(main(document).getByRole('status').textContent)).toMatch(/^\d+ résultats pour « helene »$/);
    const groups = main(document)
      .getAllByRole('heading', { level: 2 })
      .map((heading) => collapse(heading.textContent));
    expect(groups.map((text) => text.split(' ')[0])).toEqual(['Contacts', 'Événements', 'Actualités']);
    const links = main(document)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '');
    expect(links.some((href) => /^\/annuaire\/helene-[a-z-]+\/$/.test(href))).toBe(true);
    expect(links.some((href) => /^\/agenda\/\d+-lecture-publique-avec-helene-crettenand\/$/.test(href))).toBe(true);
    expect(links.some((href) => /^\/actualites\/helene-zufferey-elue-presidente-du-grand-conseil(-\d+)?\/$/.test(href))).toBe(true);
    expect(embeddedPaths(document)).toEqual(['/api/search/?q=helene&limit=20']);
  });

  it.each([
    ['fr', `« budget » – Recherche – ${demoName('fr')}`],
    ['de', `«budget» – Suche – ${demoName('de')}`],
    ['it', `«budget» – Ricerca – ${demoName('it')}`],
    ['en', `“budget” – Search – ${demoName('en')}`],
  ] as const)('names the query in the %s title, spaces collapsed as the search reads them', async (language, title) => {
    const document = await page(localizedPath('/recherche/?q=%20budget%20%20', language));
    expect(headOf(document).title).toBe(title);
  });

  it('renders a hint and asks nothing without a query, or with one letter', async () => {
    for (const path of ['/recherche/', '/recherche/?q=a', '/recherche/?q=']) {
      const document = await page(path);
      // No query, no name in the title.
      expect(headOf(document).title).toBe(`Recherche – ${demoName('fr')}`);
      expect(main(document).getByText(/^Saisissez au moins deux caractères/)).toBeTruthy();
      expect(embeddedPaths(document)).toEqual([]);
    }
  });

  it.each([
    ['a control character', '/recherche/?q=a%01b'],
    ['a query of 201 characters', `/recherche/?q=${'a'.repeat(201)}`],
    ['two queries', '/recherche/?q=ab&q=cd'],
  ])('answers an address with %s with the 400 page', async (_name, path) => {
    const answer = await client.get(path, { host: HOST });
    expect(answer.status).toBe(400);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
  });

  it.each(LANGUAGES.map((language) => [language] as const))('sends the header search of a %s page to the search page of that language', async (language) => {
    for (const path of ['/', '/annuaire/', '/recherche/']) {
      const document = await page(localizedPath(path, language));
      const form = document.querySelector('header form[data-site-search]');
      expect(form?.getAttribute('action')).toBe(localizedPath('/recherche/', language));
      // GET, the default: the build's minifier drops the attribute that says so.
      expect(form?.getAttribute('method') ?? 'get').toBe('get');
      expect(form?.querySelector('input[type="search"][name="q"]')?.getAttribute('id')).toBe('site-search-q');
    }
  });

  it('renders English under /en, results linked to the English pages', async () => {
    const document = await page('/en/recherche/?q=helene');
    expect(main(document).getByRole('heading', { level: 1 }).textContent).toBe('Search');
    expect(collapse(main(document).getByRole('status').textContent)).toMatch(/results for “helene”$/);
    const links = main(document)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '');
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((href) => href.startsWith('/en/'))).toBe(true);
  });
});
