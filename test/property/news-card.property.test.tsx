import { cleanup, render, within } from '@testing-library/react';
import fc from 'fast-check';
import { NewsItem } from '../../src/domain/news';
import { isSlug, newsPath } from '../../src/domain/permalinks';
import { NewsCard } from '../../src/views/news/news-card';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { decodedArbitrary } from '../support/arbitrary-from-codec';

const HOSTILE_LINKS = [
  'javascript:alert(1)',
  ' JavaScript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example/x',
  '/\\evil.example/',
  '/.//evil.example/',
  'www.sans-protocole.ch',
];

// Slugs as the API may send them: well-formed ones, and some the site refuses in an address.
const SLUGS = fc.oneof(fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,20}[a-z0-9])?$/), fc.constantFrom('', 'Avec Espaces', '../x', '-bord', 'é'), fc.constant(null));

/** News items of every shape the codec accepts, with hostile links and API slugs mixed in. */
const items = fc
  .tuple(decodedArbitrary(NewsItem), fc.option(fc.constantFrom(...HOSTILE_LINKS), { nil: undefined }), fc.option(SLUGS, { nil: undefined }))
  .map(([item, link, slug]): NewsItem => ({ ...item, ...(link ? { link } : {}), ...(slug !== undefined ? { slug } : {}) }));

const renderCard = (item: NewsItem, lang = 'fr'): HTMLElement => {
  const container = document.createElement('div');
  container.setAttribute('lang', lang);
  document.body.append(container);
  render(
    <WidgetRoot container={container}>
      <NewsCard item={item} />
    </WidgetRoot>,
    { container },
  );
  return within(container).getByRole('article');
};

afterEach(cleanup);

describe('a news card', () => {
  it('is an article named by its title (or "Sans titre"), whose title links only to an http(s) or site address', () => {
    fc.assert(
      fc.property(items, (item) => {
        const card = renderCard(item);
        // Accessible names collapse white space; the name computation and JavaScript's \s differ on
        // some spaces (no-break, ideographic), so both sides are collapsed alike.
        const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();
        const title = collapse(item.title?.trim() || 'Sans titre');
        expect(within(card.parentElement!).getByRole('article', { name: (name) => collapse(name) === title })).toBe(card);
        for (const link of card.querySelectorAll('a')) {
          expect(link.getAttribute('href')).toMatch(/^(https?:\/\/|\/(?![/\\]))/i);
        }
        cleanup();
      }),
    );
  });

  it("links the title to the item's page on this site when the API gives a slug, else to its own http(s) or site link", () => {
    fc.assert(
      fc.property(items, (item) => {
        const card = renderCard(item);
        const link = within(card).getByRole('heading', { level: 3 }).querySelector('a');
        if (item.slug && isSlug(item.slug)) {
          expect(link).toHaveAttribute('href', `/actualites/${item.slug}/`);
          expect(link?.getAttribute('href')).toBe(newsPath(item));
        } else if (link) {
          expect(link.getAttribute('href')).toMatch(/^(https?:\/\/|\/(?![/\\]))/i);
          expect(item.link).toBeTruthy();
        }
        cleanup();
      }),
    );
    const card = renderCard({ id: '7', title: 'Budget 2027', link: 'https://example.ch/budget', slug: 'budget-2027' });
    expect(within(card).getByRole('link', { name: 'Budget 2027' })).toHaveAttribute('href', '/actualites/budget-2027/');
    cleanup();
    const outside = renderCard({ id: '8', title: 'Budget 2028', link: 'https://example.ch/budget' });
    expect(within(outside).getByRole('link', { name: 'Budget 2028' })).toHaveAttribute('href', 'https://example.ch/budget');
  });

  it('gives every image an alt text: image_alt, or empty beside the title', () => {
    fc.assert(
      fc.property(items, (item) => {
        const card = renderCard(item);
        const image = card.querySelector('img');
        expect(image !== null).toBe(Boolean(item.image));
        if (image) {
          expect(image).toHaveAttribute('alt', item.image_alt?.trim() ?? '');
          expect(image).toHaveAttribute('loading', 'lazy');
          expect(image).toHaveAttribute('width');
          expect(image).toHaveAttribute('height');
        }
        cleanup();
      }),
    );
  });

  it('writes the date in the page language, as the calendar day given, with a machine-readable datetime', () => {
    fc.assert(
      fc.property(items, fc.constantFrom('fr', 'en'), (item, lang) => {
        const card = renderCard(item, lang);
        const time = card.querySelector('time');
        expect(time !== null).toBe(Boolean(item.date));
        if (time && item.date) {
          const day = item.date.slice(0, 10);
          expect(time).toHaveAttribute('datetime', day);
          const [year, month, date] = day.split('-').map(Number) as [number, number, number];
          const expected = new Intl.DateTimeFormat(`${lang}-CH`, { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, date));
          expect(time.textContent).toBe(expected);
        }
        cleanup();
      }),
    );
    const card = renderCard({ id: '1', title: 'Budget', date: '2026-03-01T23:30:00-05:00' });
    expect(card.querySelector('time')).toHaveTextContent('1 mars 2026');
  });
});
