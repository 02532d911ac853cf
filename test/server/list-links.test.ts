import { within } from '@testing-library/dom';
import { zurichToday } from '../../src/domain/calendar-days';
import { MAX_LIST_PAGES } from '../../src/domain/list-pages';
import { contactPath } from '../../src/domain/permalinks';
import { closeOpened } from '../support/close-opened';
import { injectClient, type HttpAnswer, type TestClient } from '../support/http-client';
import { parseHtml, siteContent, startRenderedSite, type RenderedSite, type SiteContent } from '../support/rendered-pages';

// The list controls as the server writes them: links to addresses it renders, for a page without script.

jest.setTimeout(120_000);

const HOST = 'www.canton.example';

let site: RenderedSite;
let client: TestClient;
let content: SiteContent;

beforeAll(async () => {
  site = await startRenderedSite();
  client = await injectClient(site.app);
  content = await siteContent(site.db);
});

afterAll(async () => {
  await closeOpened(site);
});

const get = (path: string): Promise<HttpAnswer> => client.get(path, { host: HOST });

const page = async (path: string): Promise<Document> => {
  const answer = await get(path);
  expect({ path, status: answer.status }).toEqual({ path, status: 200 });
  return parseHtml(answer.text, `http://${HOST}${path}`);
};

const widget = (document: Document) => within(document.querySelector<HTMLElement>('main [data-widget]')!);
const hrefOf = (document: Document, name: string): string | null => widget(document).getByRole('link', { name }).getAttribute('href');

describe('"Afficher plus" without script', () => {
  it('is a link on /annuaire/ to the second page, and /annuaire/?page=2 shows two pages with the first new card as its target', async () => {
    expect(content.contacts.length).toBeGreaterThan(96);
    const first = await page('/annuaire/');
    expect(widget(first).queryAllByRole('button', { name: 'Afficher plus' })).toEqual([]);
    expect(hrefOf(first, 'Afficher plus')).toBe('/annuaire/?page=2#annuaire-suite');
    expect(first.querySelectorAll('main article.contact-card')).toHaveLength(48);

    const second = await page('/annuaire/?page=2');
    const cards = [...second.querySelectorAll('main article.contact-card')];
    expect(cards).toHaveLength(96);
    expect(cards[48]?.id).toBe('annuaire-suite');
    expect(second.querySelectorAll('#annuaire-suite')).toHaveLength(1);
    expect(hrefOf(second, 'Afficher plus')).toBe('/annuaire/?page=3#annuaire-suite');
  });

  it('keeps the filters in its address, in every language', async () => {
    const document = await page('/en/annuaire/?categorie=Grand+Conseil');
    const href = hrefOf(document, 'Show more');
    expect(href).toBe('/en/annuaire/?categorie=Grand+Conseil&page=2#annuaire-suite');
  });

  it('is a link on /actualites/, and /actualites/?page=2 shows two pages', async () => {
    const first = await page('/actualites/');
    expect(hrefOf(first, 'Afficher plus')).toBe('/actualites/?page=2#actualites-suite');
    const second = await page('/actualites/?page=2');
    const articles = [...second.querySelectorAll('main article.news-card')];
    expect(articles.length).toBeGreaterThan(24);
    expect(articles.length).toBeLessThanOrEqual(48);
    expect(articles[24]?.id).toBe('actualites-suite');
  });

  it('is a link on /agenda/, as "Événements passés" is, and ?passes=1 shows past events with the first of them as the target', async () => {
    const today = zurichToday(Date.now());
    const first = await page('/agenda/');
    expect(hrefOf(first, 'Événements passés')).toBe('/agenda/?passes=1#agenda-suite');
    const [{ upcoming } = { upcoming: 0 }] = await site.db.query<{ upcoming: number }>(
      'select count(*)::int as upcoming from events where agenda_id = 1 and bel_date >= $1::date',
      [today],
    );
    expect(upcoming).toBeGreaterThan(50);
    expect(hrefOf(first, 'Afficher plus')).toBe('/agenda/?page=2#agenda-suite');
    const second = await page('/agenda/?page=2');
    const events = [...second.querySelectorAll<HTMLElement>('main article.agenda-event')];
    expect(events.length).toBeGreaterThan(50);
    expect(second.querySelector('#agenda-suite')).toBe(events[50]);

    const past = await page('/agenda/?passes=1');
    const dates = [...past.querySelectorAll('main article.agenda-event time')].map((time) => (time.getAttribute('datetime') ?? '').slice(0, 10));
    expect(dates.some((date) => date < today)).toBe(true);
    const target = past.querySelector<HTMLElement>('#agenda-suite');
    expect(target?.matches('article.agenda-event')).toBe(true);
    expect((target?.querySelector('time')?.getAttribute('datetime') ?? '').slice(0, 10) < today).toBe(true);
    expect(hrefOf(past, 'Événements passés')).toBe('/agenda/?passes=2#agenda-suite');
  });

  it.each([
    ['/annuaire/?page=0', 'page'],
    [`/actualites/?page=${MAX_LIST_PAGES + 1}`, 'page'],
    ['/agenda/?passes=x', 'passes'],
    ['/agenda/?page=2&page=3', 'page'],
  ])('refuses %s with a 400 that names « %s »', async (path, name) => {
    const answer = await get(path);
    expect(answer.status).toBe(400);
    expect(answer.text).toContain(`« ${name} » doit être un nombre de pages`);
  });
});

describe("the contact dialog's cross without script", () => {
  it('is a link to the list, named "Fermer", with the backdrop a link there too, hidden from assistive technology', async () => {
    const contact = content.contacts[0]!;
    const document = await page(contactPath(contact));
    const dialog = within(widget(document).getByRole('dialog'));
    expect(dialog.getByRole('link', { name: 'Fermer' }).getAttribute('href')).toBe('/annuaire/');
    const backdrop = document.querySelector('.modal-backdrop__link');
    expect(backdrop?.getAttribute('href')).toBe('/annuaire/');
    expect(backdrop?.getAttribute('aria-hidden')).toBe('true');
    expect(backdrop?.getAttribute('tabindex')).toBe('-1');
  });
});

describe('the calendar files', () => {
  it("links each event's « Ajouter à mon calendrier » to its .ics file, which the server answers with that event", async () => {
    const document = await page('/agenda/');
    const article = document.querySelector<HTMLElement>('main article.agenda-event')!;
    // An occurrence of a recurring event is marked with its day too (`301@2026-11-28`): its calendar file is its event's.
    const id = (article.dataset['eventId'] ?? '').split('@')[0] ?? '';
    const link = within(article).getByRole('link', { name: /^Ajouter à mon calendrier/ });
    expect(link.getAttribute('href')).toBe(`/agenda/calendrier/1/${id}.ics`);
    const answer = await get(link.getAttribute('href')!);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(/^attachment; filename=".+\.ics"$/);
    expect(answer.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(answer.text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('links « Exporter ces événements » to the .ics file of the list as the address shows it, with the same events', async () => {
    const document = await page('/agenda/?passes=1');
    const href = hrefOf(document, 'Exporter ces événements');
    expect(href).toBe('/agenda/calendrier/1.ics?passes=1');
    const answer = await get(href!);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(answer.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    // One VEVENT an event shown, a recurring one once (its RRULE holds the days it is shown on).
    const shown = new Set(
      [...document.querySelectorAll<HTMLElement>('main article.agenda-event')].map((article) => (article.dataset['eventId'] ?? '').split('@')[0]),
    );
    expect(answer.text.match(/BEGIN:VEVENT/g)).toHaveLength(shown.size);
  });

  it('refuses an unknown event (404) and a query the page refuses (400)', async () => {
    expect((await get('/agenda/calendrier/1/999999999.ics')).status).toBe(404);
    const refused = await get('/agenda/calendrier/1.ics?mois=13');
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('mois');
  });
});
