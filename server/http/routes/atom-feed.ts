import { Feed, type Item } from 'feed';
import type { NewsItem } from '../../../src/domain/news';
import { newsPath } from '../../../src/domain/permalinks';
import { dayNumber, zurichInstant } from '../../../src/domain/calendar-days';

/** The date of the `tag:` ids: the year the ids were first minted under the authority. */
export const FEED_ID_DATE = '2026';

/** What an Atom feed of news is made of: its ids and addresses, and the items, newest first. */
export interface NewsFeed {
  /** The feed's own `tag:` id. */
  readonly id: string;
  /**
   * The authority of the entries' `tag:` ids (RFC 4151): the profile's `identifiers.authority`, a
   * name of the institution, not the host a request came by, so an id never changes with the
   * address the site is reached at (a proxy, a new domain).
   */
  readonly authority: string;
  readonly title: string;
  /** The site's name: the feed's author and generator. */
  readonly siteName: string;
  /** The site's origin (`https://www.example.ch`): relative image addresses and permalinks start there. */
  readonly origin: string;
  /** The feed's own address (`rel="self"`). */
  readonly self: string;
  /** The page that shows the same news (`rel="alternate"`). */
  readonly alternate: string;
  readonly items: readonly NewsItem[];
}

// XML 1.0 allows no control characters but tab, line feed and carriage return, and no lone surrogate.
const xmlText = (text: string): string => text.replace(/[^\t\n\r\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu, '');

// Titles and summaries are written as `type="html"`: the editors' plain text is escaped as such, so
// a `<` in a title is a character, not markup, and no `]]>` can end the CDATA the package writes.
const html = (text: string): string => xmlText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The instant a news date begins in Zurich, where the institution dates its news. */
const dayStart = (isoDate: string): Date | null => {
  const day = dayNumber(isoDate);
  return day === null ? null : new Date(zurichInstant(day, 0, 0, 0));
};

// The package escapes `"` in attributes and nothing else: `&` and `<` are escaped here.
const attribute = (text: string): string => xmlText(text).replace(/&/g, '&amp;').replace(/</g, '&lt;');

// The package escapes `&` and `"` in a link's `href`, not `<` or `>`: they are percent-encoded here, as
// in any address, so an origin or path holding one (whatever let it through) cannot end the attribute.
const href = (address: string): string => address.replace(/[<>"\s]/g, (c) => encodeURIComponent(c));

// The package writes `image/{extension}` as an enclosure's type: only addresses whose extension
// names an image type that way (`image/png`…) get one; the others are shown in the content only.
const IMAGE_EXTENSION = /\.(png|gif|webp|avif|jpe?g)$/i;

/** An address made absolute on the site, or `null` when it is not a web address. */
const absolute = (address: string, origin: string): string | null => {
  try {
    const url = new URL(address, `${origin}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
};

/** The `tag:` id of one news item under `authority`: the same whatever feed, scope or host shows it. */
export const newsEntryId = (item: Pick<NewsItem, 'id'>, authority: string): string => `tag:${authority},${FEED_ID_DATE}:news/${encodeURIComponent(item.id)}`;

/**
 * An Atom 1.0 feed (RFC 4287) of news, written with the `feed` package: ids as `tag:` URIs,
 * `updated` from the items' dates (never the time of writing, so the same news give the same
 * bytes and the same ETag), self and alternate links, and per entry its page, its lead as the
 * summary, its image as an enclosure and in the content, its categories, and the site as author.
 */
export const toAtomFeed = (feed: NewsFeed): string => {
  const dated = feed.items.map((item) => ({ item, updated: item.date ? dayStart(item.date) : null }));
  const latest = dated.reduce<Date | null>((max, { updated }) => (updated !== null && (max === null || updated > max) ? updated : max), null);
  // A feed whose items carry no date says nothing changed since the epoch: still stable.
  const updated = latest ?? new Date(0);
  const author = { name: xmlText(feed.siteName), link: href(feed.origin) };
  const atom = new Feed({
    id: feed.id,
    title: xmlText(feed.title),
    updated,
    generator: xmlText(feed.siteName),
    link: href(feed.alternate),
    feed: href(feed.self),
    author,
  });
  for (const { item, updated: itemUpdated } of dated) {
    const page = `${feed.origin}${newsPath(item)}`;
    const image = item.image ? absolute(item.image, feed.origin) : null;
    const lead = item.lead ? html(item.lead) : '';
    const picture = image === null ? '' : `<p><img src="${html(image)}" alt="${html(item.image_alt ?? '')}"></p>`;
    const entry: Item = {
      title: html(item.title ?? ''),
      id: newsEntryId(item, feed.authority),
      link: href(page),
      date: itemUpdated ?? updated,
      author: [author],
      ...(lead === '' ? {} : { description: lead }),
      ...(picture === '' && lead === '' ? {} : { content: `${picture}${lead === '' ? '' : `<p>${lead}</p>`}` }),
      // The package writes an enclosure's address as given: its `&` are escaped here.
      ...(image !== null && IMAGE_EXTENSION.test(new URL(image).pathname) ? { image: image.replace(/&/g, '&amp;') } : {}),
      ...(item.categories && item.categories.length > 0
        ? { category: item.categories.map((category) => ({ term: attribute(category.title), name: attribute(category.title) })) }
        : {}),
      ...(itemUpdated === null ? {} : { published: itemUpdated }),
    };
    atom.addItem(entry);
  }
  return atom.atom1();
};
