import { cleanup, render, within } from '@testing-library/react';
import fc from 'fast-check';
import { safeLink } from '../../src/domain/safe-links';
import { shopUrlOf } from '../../src/views/cart/cart-entry';
import { NewsCard } from '../../src/views/news/news-card';
import { sanitizeHtml } from '../../src/views/shared/sanitized-html';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { hostileLinks } from '../support/hostile-links';
import { runs } from '../support/fuzz-runs';

const TITLE = 'Le Conseil d’État présente son budget';

const renderCard = (link: string): HTMLElement => {
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  render(
    <WidgetRoot container={container}>
      <NewsCard item={{ id: '1', title: TITLE, date: '2026-06-24', link }} />
    </WidgetRoot>,
    { container },
  );
  return within(container).getByRole('article');
};

afterEach(cleanup);

describe('a news link from the content', () => {
  it('written `/\\evil.example/` stays text: the title is no link', () => {
    const card = renderCard('/\\evil.example/');
    expect(within(card).getByRole('heading', { name: TITLE })).toBeTruthy();
    expect(card.querySelector('a')).toBeNull();
  });

  it("leads where safeLink says, or is text when it refuses; a relative one stays on the page's site", () => {
    fc.assert(
      fc.property(hostileLinks, (link) => {
        const card = renderCard(link);
        const anchor = card.querySelector('a');
        const expected = safeLink(link);
        if (expected === null) {
          expect(anchor).toBeNull();
          expect(within(card).getByRole('heading').textContent).toBe(TITLE);
        } else {
          expect(anchor?.getAttribute('href')).toBe(expected);
          // jsdom resolves against the test page's origin, as a browser resolves against the site's.
          if (!/^https?:\/\//i.test(expected)) expect(new URL(anchor!.href).origin).toBe(window.location.origin);
        }
        cleanup();
      }),
      { numRuns: runs(200) },
    );
  });
});

describe("the empty cart's link to the shop", () => {
  it.each([
    ['https://boutique.canton.example/', 'https://boutique.canton.example/'],
    [' /de/boutique/ ', '/de/boutique/'],
    ['/\\evil.example/', '/boutique/'],
    ['javascript:alert(1)', '/boutique/'],
    [null, '/boutique/'],
  ])('from data-shop-url %j leads to %j', (attribute, href) => {
    expect(shopUrlOf(attribute)).toBe(href);
  });
});

describe('links in rich text', () => {
  const hrefs = (html: string): (string | null)[] => {
    const holder = document.createElement('div');
    holder.innerHTML = sanitizeHtml(html);
    return [...holder.querySelectorAll('a')].map((anchor) => anchor.getAttribute('href'));
  };

  it('keep http(s), site, email, phone and same-text addresses, and leave the rest as text', () => {
    const links = ['https://www.canton.example/', '/actualites/', 'mailto:chancellerie@canton.example', 'tel:+41271234567', '#ordre-du-jour'];
    const tricks = ['/\\evil.example/', '//evil.example/', '\\\\evil.example', 'javascript:alert(1)', 'page.html'];
    const html = [...links, ...tricks].map((href, index) => `<a href="${href}">lien ${index}</a>`).join(' ');
    expect(hrefs(html)).toEqual([...links, ...tricks.map(() => null)]);
  });

  it('never keep a link that safeLink refuses, whatever the content writes', () => {
    fc.assert(
      fc.property(hostileLinks, (link) => {
        const holder = document.createElement('a');
        holder.setAttribute('href', link);
        const [href] = hrefs(holder.outerHTML);
        if (href !== null && href !== undefined && !/^(mailto:|tel:|#)/i.test(href)) expect(safeLink(href)).not.toBeNull();
      }),
      { numRuns: runs(200) },
    );
  });
});
