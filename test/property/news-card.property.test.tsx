import { cleanup, render, within } from '@testing-library/react';
import fc from 'fast-check';
import { NewsItem } from '../../src/domain/news';
import { NewsCard } from '../../src/views/news/news-card';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { decodedArbitrary } from '../support/arbitrary-from-codec';

const HOSTILE_LINKS = ['javascript:alert(1)', ' JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/x', 'www.sans-protocole.ch'];

/** News items of every shape the codec accepts, with hostile links mixed in. */
const items = fc
  .tuple(decodedArbitrary(NewsItem), fc.option(fc.constantFrom(...HOSTILE_LINKS), { nil: undefined }))
  .map(([item, link]) => (link ? { ...item, link } : item));

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
        const title = item.title?.trim() || 'Sans titre';
        expect(card).toHaveAccessibleName(title.replace(/\s+/g, ' '));
        for (const link of card.querySelectorAll('a')) {
          expect(link.getAttribute('href')).toMatch(/^(https?:\/\/|\/(?!\/))/i);
        }
        cleanup();
      }),
    );
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
          const expected = new Intl.DateTimeFormat(lang === 'fr' ? 'fr' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(Date.UTC(year, month - 1, date));
          expect(time.textContent).toBe(expected);
        }
        cleanup();
      }),
    );
    const card = renderCard({ id: '1', title: 'Budget', date: '2026-03-01T23:30:00-05:00' });
    expect(card.querySelector('time')).toHaveTextContent('1 mars 2026');
  });
});
