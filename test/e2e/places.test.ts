import type { Browser, Page } from 'playwright-core';
import type { EventPlace } from '../../src/domain/agenda';
import { eventPath, localizedPath } from '../../src/domain/permalinks';
import { wgs84ToLv95 } from '../../src/domain/swiss-coordinates';
import { axeViolations, openPage, watchedPage } from '../support/browser';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

jest.setTimeout(60_000);

let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

interface ListedEvent {
  readonly id: number;
  readonly title: string;
  readonly lieu: EventPlace | null;
}

// An upcoming event of the demo with a place that has coordinates and accessibility answers.
const placedEvent = async (): Promise<ListedEvent & { lieu: EventPlace }> => {
  const answer = (await (await fetch(`${site.url}/api/agenda/1/?page_size=50`)).json()) as { results: ListedEvent[] };
  const event = answer.results.find((item) => typeof item.lieu?.latitude === 'number' && item.lieu.accessibility?.step_free !== undefined);
  if (event?.lieu === null || event === undefined) throw new Error('the demo has no upcoming event with a place');
  return { ...event, lieu: event.lieu };
};

const SPOKEN = [
  {
    language: 'fr',
    map: 'Voir sur le plan',
    context: 'sur le géoportail de la Confédération (nouvel onglet)',
    access: 'Accessibilité',
    stepFree: /^Accès (sans marche|avec des marches)$/,
  },
  {
    language: 'de',
    map: 'Auf der Karte anzeigen',
    context: 'im Geoportal des Bundes (neuer Tab)',
    access: 'Barrierefreiheit',
    stepFree: /^(Stufenloser Zugang|Zugang mit Stufen)$/,
  },
] as const;

const pageWith = (javaScriptEnabled: boolean): Promise<{ page: Page; errors: string[] }> => watchedPage(browser, { javaScriptEnabled });

describe.each(SPOKEN)("an event's place on its page in $language", (spoken) => {
  it.each([true, false])('shows the name, the address, the accessibility and a map link to the geoportal at the place (script: %s)', async (script) => {
    const event = await placedEvent();
    const { lieu } = event;
    const { page, errors } = await pageWith(script);
    const url = `${site.url}${localizedPath(eventPath({ id: String(event.id), title: event.title }), spoken.language)}`;
    if (script) await openPage(page, url);
    else await page.goto(url);
    const main = page.getByRole('main');
    await expect(
      main
        .getByText(lieu.street_address ?? '', { exact: true })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await expect(main.getByText(`${lieu.postcode} ${lieu.locality}`, { exact: true }).first().isVisible()).resolves.toBe(true);
    const access = main.getByRole('list', { name: spoken.access }).first();
    await expect(access.getByRole('listitem').first().textContent()).resolves.toMatch(spoken.stepFree);
    const map = main.getByRole('link', { name: `${spoken.map} – ${lieu.name}, ${spoken.context}`, exact: true }).first();
    await expect(map.getAttribute('target')).resolves.toBe('_blank');
    await expect(map.getAttribute('rel')).resolves.toBe('noopener noreferrer');
    const href = new URL((await map.getAttribute('href')) ?? '');
    expect(href.origin).toBe('https://map.geo.admin.ch');
    expect(href.searchParams.get('lang')).toBe(spoken.language);
    const { east, north } = wgs84ToLv95({ latitude: lieu.latitude!, longitude: lieu.longitude! });
    expect(href.searchParams.get('center')).toBe(`${Math.round(east)},${Math.round(north)}`);
    // The page's JSON-LD names the same place, with its address and coordinates.
    const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) => JSON.parse(text) as Record<string, unknown>);
    const location = jsonLd.find((node) => node['@type'] === 'Event')?.['location'] as Record<string, unknown> | undefined;
    expect(location).toMatchObject({
      '@type': 'Place',
      name: lieu.name,
      address: { '@type': 'PostalAddress', postalCode: lieu.postcode, addressLocality: lieu.locality, addressCountry: 'CH' },
      geo: { '@type': 'GeoCoordinates', latitude: lieu.latitude, longitude: lieu.longitude },
    });
    // No map script: the page loads nothing from the geoportal.
    await expect(page.locator('script[src*="geo.admin.ch"], iframe').count()).resolves.toBe(0);
    if (script) expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
