import * as t from 'io-ts';

/**
 * How many items a widget asks for at a time (`page_size`): 48 cards fill whole rows of the
 * directory's 3, 2 or 1 columns; 50 events cover about a month of a busy agenda; 24 news
 * cards fill a phone's first screens several times over.
 */
export const PAGE_SIZES = { contacts: 48, events: 50, news: 24 } as const;

/** The largest `page_size` the reference server accepts. */
export const MAX_PAGE_SIZE = 100;

/**
 * A container's `data-page-size`: a whole number from 1 to MAX_PAGE_SIZE, or, when it is missing
 * or anything else, the widget's own size (a content system's typo never breaks a page).
 */
export const pageSizeOf = (attribute: string | null, fallback: number): number => {
  const size = /^\s*\d{1,3}\s*$/.test(attribute ?? '') ? Number(attribute) : Number.NaN;
  return size >= 1 && size <= MAX_PAGE_SIZE ? size : fallback;
};

/** The longest `cursor` the reference server accepts. */
export const MAX_CURSOR_LENGTH = 512;

/** One page of a list, as `GET /api/news/?…` has always answered it: `results`, `count` and the address of the `next` page. */
export const PageOf = <C extends t.Mixed>(item: C) =>
  t.intersection([
    t.type({ results: t.array(item) }),
    t.partial({ count: t.union([t.number, t.null]), next: t.union([t.string, t.null]), previous: t.union([t.string, t.null]) }),
  ]);

/** A list answer normalised: `next` is `null` when the list is complete; `whole` when the server sent every item at once (a legacy array). */
export interface ListPage<A> {
  readonly items: readonly A[];
  readonly next: string | null;
  readonly count: number | null;
  readonly whole: boolean;
}

/** Decodes either a whole array (a legacy backend) or one page of it (the reference server with `page_size`) into a `ListPage`. */
export const ListAnswer = <C extends t.Mixed>(item: C): t.Decoder<unknown, ListPage<t.TypeOf<C>>> => {
  const array = t.array(item);
  const page = PageOf(item);
  const decoder: t.Decoder<unknown, ListPage<t.TypeOf<C>>> = {
    name: `ListAnswer<${item.name}>`,
    validate: (input, context) => {
      if (Array.isArray(input)) {
        const decoded = array.validate(input, context);
        return decoded._tag === 'Left' ? decoded : t.success({ items: decoded.right, next: null, count: decoded.right.length, whole: true });
      }
      const decoded = page.validate(input, context);
      return decoded._tag === 'Left'
        ? decoded
        : t.success({ items: decoded.right.results, next: decoded.right.next ?? null, count: decoded.right.count ?? null, whole: false });
    },
    decode: (input) => decoder.validate(input, [{ key: '', type: page, actual: input }]),
  };
  return decoder;
};

/**
 * The path to request for a `next` link, relative to the API base the widget uses: a link
 * under the base loses the base; any other absolute link keeps its path and query, so a
 * server that builds links from its own host name still pages through this base.
 */
export const nextPath = (next: string, base: string): string => {
  if (base !== '' && next.startsWith(base)) return next.slice(base.length);
  if (next.startsWith('/')) return next;
  try {
    const url = new URL(next);
    const basePath = base === '' ? '' : new URL(base, url.origin).pathname.replace(/\/+$/, '');
    const path = basePath !== '' && url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    return `${path}${url.search}`;
  } catch {
    return next;
  }
};

/**
 * The path of the further page a `next` link names, when it pages the same list: `listPath`
 * (`/api/contacts/`, `/api/news/actualites/`) with any query. A backend behind a path prefix
 * links to `/prefix/api/…`, which the base already holds. A missing link, or one to anything
 * else, gives `null`: the client never follows a link out of the list it shows.
 */
export const listPagePath = (next: string | null | undefined, base: string, listPath: string): string | null => {
  if (!next) return null;
  let url: URL;
  try {
    url = new URL(nextPath(next, base), 'http://relative.invalid');
  } catch {
    return null;
  }
  const start = url.pathname.lastIndexOf(listPath);
  if (start < 0 || url.pathname.length !== start + listPath.length) return null;
  return `${listPath}${url.search}`;
};

/** The HTTP status with which the reference server refuses a stale, forged or foreign cursor. */
export const STALE_CURSOR_STATUS = 400;

/** How many items of a list of `length` a widget shows first: one page of `pageSize`. */
export const firstWindow = (length: number, pageSize: number): number => Math.min(length, pageSize);

/**
 * How many items to show once "Afficher plus" reveals a page more of those already held
 * (a legacy answer held whole, or a page larger than asked): at most `pageSize` more.
 */
export const revealMore = (shown: number, length: number, pageSize: number): number => Math.min(length, shown + pageSize);
