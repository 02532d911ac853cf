import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { EMPTY, of, type Observable } from 'rxjs';
import { seriesOf } from '../../src/domain/agenda-grouping';
import { PROFILE_TEXTS, wordsIn, type ProfileTextName, type SiteProfile } from '../../src/domain/site-profile';
import { DATASET_TITLES_ATTRIBUTE } from '../../src/domain/open-data-catalogue';
import { describedSections, pageIsOn, sectionsAttribute, SECTIONS_ATTRIBUTE } from '../../src/domain/site-sections';
import { messageChunkName, WIDGET_MESSAGE_PARTS } from '../../src/i18n/message-parts';
import { pageDescription } from '../../src/i18n/page-description';
import { applyFormToggle } from '../../src/domain/form-toggles';
import {
  contactPath,
  eventPath,
  localizedPath,
  newsPath,
  PAGE_PATHS,
  parseSitePath,
  splitLanguage,
  type SitePage,
  type SitePath,
} from '../../src/domain/permalinks';
import { eventDescription } from '../../src/domain/agenda-description';
import { contactJsonLd, eventJsonLd, newsArticleJsonLd, plainText, type Institution } from '../../src/domain/structured-data';
import { colourRule, EMBLEM_PATH, MANIFEST_PATH, siteIdentity, webAppManifest } from '../../src/domain/site-identity';
import { formatLongDate, formatTime } from '../../src/i18n/dates';
import { SERVER_MESSAGES } from '../../src/i18n/server-messages';
import { addMessages, intlFor, translate, type MessageId } from '../../src/i18n/intl';
import { LANGUAGES, ROOT_LANGUAGE_ATTRIBUTE, type Language } from '../../src/i18n/language';
import { accessibilityEntry } from '../../src/views/accessibility/accessibility-entry';
import { agendaEntry } from '../../src/views/agenda/agenda-entry';
import { cartEntry } from '../../src/views/cart/cart-entry';
import { directoryEntry } from '../../src/views/directory/directory-entry';
import { FAILURE_NOTICE_ATTRIBUTE, type WidgetEntry } from '../../src/views/entries/widget-entry';
import { homeEntry } from '../../src/views/home/home-entry';
import { newsArticleEntry } from '../../src/views/news/news-article-entry';
import { newsEntry } from '../../src/views/news/news-entry';
import { siteSearchEntry } from '../../src/views/search/site-search-entry';
import { queryTitle } from '../../src/views/search/search-title';
import { textFromSearch } from '../../src/domain/site-search';
import { siteInfoEntry } from '../../src/views/site-info/site-info-entry';
import { shopEntry } from '../../src/views/shop/shop-entry';
import { CONTENT_LANGUAGE } from '../../src/views/shared/widget-root';
import { profileTextNameOf, type ProfileTextAnswer } from '../../src/views/shared/profile-text';
import { ERROR_PAGE_CACHE_LIMITS, PAGE_CACHE_LIMITS } from '../cache/cache-limits';
import { boundedCache, keptAt, representation, sendRepresentation, singleFlight, type Expiring, type SendPolicy } from '../cache/answer-cache';
import { NO_LIMIT, UNGATED, type ExpensiveWork, type UncachedWork } from '../cache/fair-use';
import { DATABASE_RETRY_AFTER_SECONDS } from '../data/database-errors';
import { linkOrigins, type LinkOrigins } from '../http/public-origin';
import { redirectWithinSite } from '../http/redirects';
import { cacheControlUntil, sharedCacheControl } from '../cache/shared-cache';
import { siteListsOf } from '../http/site';
import { API_REFERENCE_WORDS, apiReferenceContent } from '../http/description/api-reference-page';
import { API_REFERENCE_PATH, openApiDocument } from '../http/description/openapi-document';
import { renderFragment, renderPageDocument, type PageMeta, type PageSite } from './page-document';
import { assetsOf, type PageAssets } from './page-shell';
import { categoryCheck, MAX_PAGE_URL, pageQueryProblem, pageSearch, reorderedIds, type PageQueryProblem } from './page-queries';
import { renderWidget, type AnswerPath, type WidgetRequest } from './widget-renderer';

// The error pages' and the pages' descriptions, which no widget's chunk brings.
addMessages(SERVER_MESSAGES);

/** What the pages are rendered from. */
export interface PageRoutesOptions {
  readonly distDir: string;
  /** Where the widgets' answers come from: the database, or the backend of `SITE_API_BASE`. */
  readonly answers: AnswerPath;
  /** The content's version, of what `page` shows when given: a rendered page is reused while it stays the same. */
  readonly version: (page?: SitePage) => Promise<string>;
  /** The API the browser calls after the first screen, written as `data-api-base` (empty: the site's own). */
  readonly apiBase?: string | undefined;
  /** Where canonical and alternate addresses start: never the request's Host (server/http/public-origin.ts). */
  readonly origins?: LinkOrigins;
  /** Counts each page or fragment not kept against its client's fair use (server/cache/fair-use.ts). */
  readonly uncached?: UncachedWork;
  /** The line of the process's uncached work: a rendering waits there for its turn. */
  readonly expensive?: ExpensiveWork;
  /** The clock the pages are rendered for (what is still coming); tests give a fixed one. */
  readonly now?: () => number;
  /** Where the cart's orders go (`ORDER_EMAIL`), written on the cart's container as `data-order-email`; default: the profile's `contact.email.orders`. */
  readonly orderEmail?: string;
  /** The institution's site profile: its names, emblem, contact and colours in every page, its agenda and news scope on the containers. */
  readonly profile: SiteProfile;
}

/** What the build lists of each widget's code (dist/widget-chunks.json): its files, by the widget's name. */
const WidgetChunks = t.record(t.string, t.array(t.string));

/** The statuses that have a page of their own. */
export type ErrorStatus = 400 | 404 | 429 | 500 | 503;

/** Answers a request with the error page of a status, in the language of its address. */
export type ErrorPage = (request: FastifyRequest, reply: FastifyReply, status: ErrorStatus) => FastifyReply;

/** The widget of each page, with its container's attributes but the profile's (its agenda, its news scope, where orders go). */
const PAGES: Readonly<Record<SitePage, { entry: WidgetEntry; widget: string; dir: string; attributes: Readonly<Record<string, string>>; title: MessageId }>> = {
  home: {
    entry: homeEntry,
    widget: 'home',
    dir: '',
    attributes: {},
    title: 'page.home.title',
  },
  directory: { entry: directoryEntry, widget: 'directory', dir: 'annuaire', attributes: {}, title: 'page.directory.title' },
  agenda: { entry: agendaEntry, widget: 'agenda', dir: 'agenda', attributes: {}, title: 'page.agenda.title' },
  news: { entry: newsEntry, widget: 'news', dir: 'actualites', attributes: {}, title: 'page.news.title' },
  shop: { entry: shopEntry(null), widget: 'shop', dir: 'boutique', attributes: { 'data-currency': 'CHF' }, title: 'page.shop.title' },
  cart: { entry: cartEntry(null), widget: 'cart', dir: 'panier', attributes: { 'data-currency': 'CHF' }, title: 'page.cart.title' },
  accessibility: { entry: accessibilityEntry, widget: 'accessibility', dir: 'accessibilite', attributes: {}, title: 'page.accessibility.title' },
  search: { entry: siteSearchEntry, widget: 'site-search', dir: 'recherche', attributes: {}, title: 'page.search.title' },
  legal: { entry: siteInfoEntry, widget: 'site-info', dir: 'mentions-legales', attributes: { 'data-info': 'legal' }, title: 'legal.title' },
  privacy: { entry: siteInfoEntry, widget: 'site-info', dir: 'protection-des-donnees', attributes: { 'data-info': 'privacy' }, title: 'privacy.title' },
  sitemap: { entry: siteInfoEntry, widget: 'site-info', dir: 'plan-du-site', attributes: { 'data-info': 'sitemap' }, title: 'sitemap.title' },
  data: { entry: siteInfoEntry, widget: 'site-info', dir: 'donnees', attributes: { 'data-info': 'data' }, title: 'opendata.title' },
};

/** The `lang` of the institution's content on a page in `language`: none when the page speaks it already. */
const contentLanguageOn = (language: Language): Language | undefined => (language === CONTENT_LANGUAGE ? undefined : CONTENT_LANGUAGE);

/** A built style sheet as a page inlines it (without its source map's comment), or `null` when there is none. */
const readInlineStyle = (distDir: string, href: string): string | null => {
  const file = /^\/([\w.-]+\.css)$/.exec(href)?.[1];
  if (file === undefined) return null;
  try {
    return readFileSync(join(distDir, file), 'utf8').replace(/\/\*# sourceMappingURL=[^*]*\*\/\s*$/, '');
  } catch {
    return null;
  }
};

/**
 * The Content Security Policy sources of every style sheet a page may inline (`'sha256-…'`): the
 * pages' only inline styles, so the policy needs no `'unsafe-inline'`.
 */
export const inlineStyleSources = (distDir: string): string[] =>
  readdirSync(distDir)
    .filter((name) => name.endsWith('.css'))
    .flatMap((name) => {
      const css = readInlineStyle(distDir, `/${name}`);
      return css === null ? [] : [styleSource(css)];
    });

/** The Content Security Policy source that allows one inline style by its text's hash (`'sha256-…'`). */
export const styleSource = (css: string): string => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;

// What each error page says: its heading, and its sentence when no reason is given.
const ERROR_HEADINGS: Readonly<Record<ErrorStatus, MessageId>> = {
  400: 'errors.badRequest',
  404: 'errors.notFound',
  429: 'errors.tooMany',
  500: 'errors.failed',
  503: 'errors.failed',
};
const ERROR_SENTENCES: Readonly<Record<ErrorStatus, MessageId>> = {
  400: 'errors.badRequestText',
  404: 'errors.notFoundText',
  429: 'errors.tooManyText',
  500: 'errors.failedText',
  503: 'errors.unavailableText',
};

/** The page a site path is rendered with. */
const pageOf = (path: SitePath): SitePage => (path.kind === 'page' ? path.page : path.kind === 'contact' ? 'directory' : path.kind === 'event' ? 'agenda' : 'news');

// A page's HTML serialized once, with its ETag and the compressed copies made at the first visit that asks for each,
// and the moment it changes by itself (an event it calls coming is over), after which it is rendered anew.
type Rendered = Expiring;

// Revalidated by the browser on every visit (the content changes at any import), kept a few seconds by a shared cache; compressed whatever its size.
const PAGE_SENDING: SendPolicy = { cacheControl: sharedCacheControl(0), brotliQuality: 6, threshold: 0 };

// Where an error page's reference goes: the page is rendered and kept once with this mark, which each answer
// replaces with its own request's id, so a kept page never shows another visitor's reference.
const REFERENCE_MARK = '@@request-reference@@';
const REFERENCE_MARK_BYTES = Buffer.from(REFERENCE_MARK, 'utf8');

// An error page with the request's id in place of its mark; any other page as it is. The id is a UUID or a
// trusted proxy's plain token (server/service/request-log.ts): nothing in it needs escaping in HTML.
const withReference = (rendered: Rendered, request: FastifyRequest): Rendered => {
  if (rendered.status < 400) return rendered;
  const at = rendered.body.indexOf(REFERENCE_MARK_BYTES);
  if (at < 0) return rendered;
  const body = Buffer.concat([rendered.body.subarray(0, at), Buffer.from(request.id, 'utf8'), rendered.body.subarray(at + REFERENCE_MARK_BYTES.length)]);
  return { ...representation(rendered.status, rendered.type, body, rendered.headers), until: rendered.until };
};

// An error page is kept by no cache and compressed anew at each answer (it carries the request's reference): brotli at
// quality 4 took ~0.35 ms on the 13 kB 404 page where 6 took ~0.6 ms, for 7 % more bytes (a crawl's 404s come by the thousand).
const ERROR_SENDING: SendPolicy = { cacheControl: 'no-store', brotliQuality: 4, threshold: 0 };

// The emblem and the manifest change with the profile only, which a restart reads: kept an hour, then revalidated by their ETag.
const PROFILE_FILE_SENDING: SendPolicy = { cacheControl: 'public, max-age=3600', brotliQuality: 11, threshold: 1024 };

// A fragment is included by a content system, which may keep it a minute.
const FRAGMENT_SENDING: SendPolicy = { ...PAGE_SENDING, cacheControl: 'public, max-age=60' };

/**
 * The site's pages, rendered on the server by the widgets' own machines and views
 * (docs/architecture.md, section "Rendering"), in French at `/…` and in German, Italian and English at `/de/…`, `/it/…`, `/en/…`, with their
 * permalinks, and `GET /fragments/{widget}/` for a content system to include. Returns the
 * handler of the error pages, for the addresses no page route takes.
 */
export const registerPageRoutes = (app: FastifyInstance, options: PageRoutesOptions): ErrorPage => {
  const origins = options.origins ?? linkOrigins();
  const uncached = options.uncached ?? NO_LIMIT;
  const expensive = options.expensive ?? UNGATED;
  // What Parcel built for each page (its entry script, style sheets, icon), read once from the built page.
  const assets = new Map<string, PageAssets>();
  const assetsFor = (dir: string): PageAssets => {
    const known = assets.get(dir);
    if (known !== undefined) return known;
    const read = assetsOf(readFileSync(join(options.distDir, dir, 'index.html'), 'utf8'));
    assets.set(dir, read);
    return read;
  };
  // Each widget's style sheet, as Parcel named it: linked from the page's head, so the server's
  // markup is styled before any script (and without one), and nothing moves when the script runs.
  const styles = new Map<string, string | null>();
  const styleOf = (widget: string): string | null => {
    if (!styles.has(widget)) {
      const pattern = new RegExp(`^${widget}-widget\\.[0-9a-f]{8,}\\.css$`);
      const file = readdirSync(options.distDir).find((name) => pattern.test(name));
      styles.set(widget, file === undefined ? null : `/${file}`);
    }
    return styles.get(widget) ?? null;
  };
  // The files each widget's code is made of, with the island runtime's, as the build listed them
  // (scripts/widget-chunks-reporter.cjs): written on its container, so that the page's loader
  // prefetches them when the browser is idle (src/views/islands/widget-prefetch.ts). A build without the list prefetches nothing.
  let widgetChunks: Readonly<Record<string, readonly string[]>> | null = null;
  const codeAttribute = (widget: string, language: Language): Record<string, string> => {
    if (widgetChunks === null) {
      try {
        const listed = WidgetChunks.decode(JSON.parse(readFileSync(join(options.distDir, 'widget-chunks.json'), 'utf8')));
        widgetChunks = isRight(listed) ? listed.right : {};
      } catch {
        widgetChunks = {};
      }
    }
    // The widget's own messages in the page's language come beside its code (src/i18n/message-loaders.ts).
    const chunks = widgetChunks;
    const messages = (WIDGET_MESSAGE_PARTS[widget] ?? []).flatMap((part) => chunks[messageChunkName(part, language)] ?? []);
    const files = [...new Set([...(chunks['runtime'] ?? []), ...(chunks[widget] ?? []), ...messages])].filter((file) => /^\/[\w.-]+\.(?:js|css)$/.test(file));
    return files.length === 0 ? {} : { 'data-code': files.join(' ') };
  };
  const styleSheets = new Map<string, string | null>();
  const inlineStyle = (href: string): string | null => {
    if (!styleSheets.has(href)) styleSheets.set(href, readInlineStyle(options.distDir, href));
    return styleSheets.get(href) ?? null;
  };
  // The pages kept, least recently used out first, within a count and a size (their compressed
  // copies included); visitors asking for a page not kept yet share one rendering.
  const cache = boundedCache<Rendered>(PAGE_CACHE_LIMITS, 'pages');
  const rendering = singleFlight<Rendered>();
  // A category list's ids that name no category are refused before the cache: each would be a new page.
  const unknownCategory = categoryCheck(options.answers, options.version);
  const remember = (key: string, rendered: Rendered): Rendered => {
    cache.set(key, rendered, rendered.body.length);
    return rendered;
  };
  const finish = (status: number, html: string, headers: Readonly<Record<string, string>> = {}, until: number | null = null): Rendered => ({
    ...representation(status, 'text/html; charset=utf-8', html, headers),
    until,
  });
  const now = options.now ?? Date.now;
  // A kept page or fragment that is no longer true (`until` passed) is rendered anew, under the same key.
  const keptNow = (key: string): Rendered | undefined => {
    const kept = cache.get(key);
    return kept !== undefined && keptAt(kept, now()) ? kept : undefined;
  };
  // On another API the widgets offer no export, except where a page says where it is: this server
  // serves the directory's exports (server/render/export-routes.ts) from that API too.
  const apiAttributes: Record<string, string> = options.apiBase ? { 'data-api-base': options.apiBase, 'data-export-base': '' } : {};
  // The cart's container says where orders go, for the page and the fragment alike.
  const { profile } = options;
  const orderEmail = options.orderEmail ?? profile.settings.contact.email.orders;
  // The profile's agenda and news scope, on the pages, their permalinks and the fragments alike (the sitemap reads the same).
  const lists = siteListsOf(profile);
  const profileAttributes: Partial<Record<SitePage, Readonly<Record<string, string>>>> = {
    home: { 'data-agenda-id': lists.agendaId, 'data-news-scope': lists.newsScope },
    agenda: { 'data-agenda-id': lists.agendaId },
    news: { 'data-news-scope': lists.newsScope },
    cart: { 'data-order-email': orderEmail },
  };
  const attributesOf = (page: SitePage): Readonly<Record<string, string>> => ({ ...PAGES[page].attributes, ...profileAttributes[page] });
  // The open-data page lists the profile's datasets: their titles in the page's language, the agenda and the news scope they read.
  const datasetTitles = new Map(
    LANGUAGES.map((language) => {
      const titles = Object.fromEntries(Object.entries(profile.settings.openData.datasets).map(([id, words]) => [id, wordsIn(profile.settings, words, language)]));
      return [language, JSON.stringify(titles)] as const;
    }),
  );
  const pageAttributes = (page: SitePage, language: Language): Readonly<Record<string, string>> =>
    page === 'data'
      ? {
          ...attributesOf(page),
          'data-agenda-id': lists.agendaId,
          'data-news-scope': lists.newsScope,
          [DATASET_TITLES_ATTRIBUTE]: datasetTitles.get(language) ?? '{}',
        }
      : attributesOf(page);
  // What each page says of the institution, in each language: computed once, as the profile is read once.
  const colours = colourRule(profile.settings.colours);
  // The languages offered, the root one unprefixed; a language not offered has no address.
  const { offered, default: root } = profile.settings.languages;
  const { sections } = profile.settings;
  const languages = { offered, root };
  const site = (language: Language): PageSite => ({ identity: siteIdentity(profile, language), emblem: profile.emblem, colours, languages, sections });
  const sites = new Map(offered.map((language) => [language, site(language)] as const));
  const siteOf = (language: Language): PageSite => sites.get(language) ?? site(language);
  // An address's language when the site offers it, else the root one's (an error page for `/it/…` on a site without Italian).
  const offeredOr = (language: Language): Language => (offered.includes(language) ? language : root);
  const localize = (path: string, language: Language): string => localizedPath(path, language, root);
  const institutionOf = (language: Language): Institution => {
    const { identity } = siteOf(language);
    return { name: identity.name, postalAddress: identity.postalAddress };
  };
  // A page's description names the institution (`{site}` in the catalogues) and, on the pages that list them, the sections on.
  const described = describedSections(sections);
  const describe = (language: Language, page: SitePage): string => pageDescription(intlFor(language), page, siteOf(language).identity.name, described);

  // The institution's own texts a widget asks for (`profile:legalNotice`, …): answered here from the
  // site profile, checked and sanitized at start, in the page's language or else the profile's
  // default one, and embedded with the widget's other answers, so the browser's first render is the
  // server's without a request. Never asked of the API.
  const profileAnswer = (key: string, language: Language): Observable<ProfileTextAnswer> | undefined => {
    const name = profileTextNameOf(key, Object.keys(PROFILE_TEXTS) as ProfileTextName[]);
    if (name === null) return undefined;
    const { profile } = options;
    const written = profile.texts[language] === undefined ? profile.settings.languages.default : language;
    const text = profile.texts[written]?.[name];
    return text === undefined ? EMPTY : of({ language: written, html: text.html });
  };

  const metaFor = (origin: string, language: Language, pathname: string, title: string, description: string, extra: Partial<PageMeta> = {}): PageMeta => {
    const site = siteOf(language).identity.name;
    return {
      title: `${title} – ${site}`,
      description,
      canonical: `${origin}${localize(pathname, language)}`,
      // Every offered language's version, and the root language's for a visitor whose language the site does not speak.
      alternates: {
        ...Object.fromEntries(offered.map((other) => [other, `${origin}${localize(pathname, other)}`])),
        'x-default': `${origin}${pathname}`,
      },
      ...extra,
    };
  };

  // An error page depends on nothing but these: a crawl's thousands of 404s cost one rendering each.
  const errorPages = boundedCache<Rendered>(ERROR_PAGE_CACHE_LIMITS, 'error-pages');
  const errorPage = (origin: string, language: Language, status: ErrorStatus, reason?: PageQueryProblem): Rendered => {
    const key = JSON.stringify([origin, language, status, reason]);
    const kept = errorPages.get(key);
    if (kept !== undefined) return kept;
    const made = makeErrorPage(origin, language, status, reason);
    errorPages.set(key, made, made.body.length + key.length);
    return made;
  };
  const makeErrorPage = (origin: string, language: Language, status: ErrorStatus, reason?: PageQueryProblem): Rendered => {
    const intl = intlFor(language);
    const heading = translate(intl, ERROR_HEADINGS[status]);
    const sentence =
      status === 400 && reason !== undefined
        ? translate(intl, 'errors.badRequestBecause', { reason: translate(intl, reason.id, { ...reason.values }) })
        : translate(intl, ERROR_SENTENCES[status]);
    const home = localize('/', language);
    const meta = metaFor(origin, language, '/', heading, sentence);
    return finish(
      status,
      renderPageDocument(
        assetsFor(''),
        language,
        { ...meta, canonical: meta.alternates['x-default'] },
        {
          html: {
            sentence,
            home: { href: home, label: translate(intl, 'errors.home') },
            reference: translate(intl, 'errors.reference', { reference: REFERENCE_MARK }),
          },
          answers: null,
          heading,
        },
        'none',
        siteOf(language),
        inlineStyle,
      ),
    );
  };

  const renderPage = async (
    origin: string,
    language: Language,
    path: SitePath,
    pathname: string,
    search: string,
    headers: Readonly<Record<string, string>>,
  ): Promise<Rendered> => {
    const page = pageOf(path);
    // A news item's page is its own widget, in the news page's container.
    const setup =
      path.kind === 'news'
        ? { ...PAGES.news, attributes: attributesOf('news'), entry: newsArticleEntry, widget: 'news-article' }
        : { ...PAGES[page], attributes: pageAttributes(page, language) };
    // The container's attributes as the browser will read them, `data-api-base` included (the agenda and
    // the news offer their feeds only without it): the server's markup is the browser's first render.
    const request: WidgetRequest = {
      language,
      pathname: localize(pathname, language),
      root,
      sections,
      search,
      attributes: { ...setup.attributes, ...apiAttributes },
      now: now(),
    };
    const rendered = await renderWidget(setup.entry, request, (answerPath) => profileAnswer(answerPath, language) ?? options.answers(answerPath, headers));
    // The database went away during the render: the page keeps what did load, its failed lists offer
    // their retry, and it is answered 503 (never kept) so crawlers and caches come back later.
    const unavailableNow = Object.values(rendered.failures).some((failure) => failure._tag === 'HttpError' && failure.status === 503);
    if (!rendered.found) return errorPage(origin, language, unavailableNow ? 503 : 404);
    const intl = intlFor(language);
    const pageTitle = intl.formatMessage({ id: setup.title });
    let meta = metaFor(origin, language, pathname, pageTitle, describe(language, page));
    let heading = pageTitle;
    // An article's or an event's title is the institution's content, which keeps its language on a page in another.
    let headingLang: Language | undefined;
    const listTitle = meta.title;
    const subject = rendered.subject;
    if (subject?.kind === 'article') {
      const { article } = subject;
      const url = `${origin}${newsPath(article)}`;
      heading = article.title ?? pageTitle;
      headingLang = article.title ? contentLanguageOn(language) : undefined;
      meta = metaFor(origin, language, newsPath(article), `${article.title ?? ''} – ${pageTitle}`, article.lead ?? describe(language, 'news'), {
        listTitle,
        type: 'article',
        image: article.image ? new URL(article.image, origin).href : undefined,
        jsonLd: [newsArticleJsonLd(article, url, origin, institutionOf(language))],
      });
    } else if (subject?.kind === 'contact') {
      // The open contact: one of the list, or one loaded by itself (beyond the list's first page).
      const { contact } = subject;
      const url = `${origin}${contactPath(contact)}`;
      const lead = [contact.fonction, contact.parti].filter(Boolean).join(', ');
      meta = metaFor(origin, language, contactPath(contact), `${contact.title} – ${pageTitle}`, lead || describe(language, 'directory'), {
        listTitle,
        type: 'profile',
        image: contact.img ? new URL(contact.img, origin).href : undefined,
        jsonLd: [contactJsonLd(contact, url, institutionOf(language))],
      });
    } else if (subject?.kind === 'event') {
      // The event is in the list, or was loaded on its own when the list does not show it.
      const { event } = subject;
      const url = `${origin}${eventPath(event)}`;
      // Its heading is its title, as an article's: the page is the event's, the agenda follows below it.
      heading = event.title;
      headingLang = contentLanguageOn(language);
      // Its date as the page's language writes it, its place, then the start of its text.
      const when = `${formatLongDate(event.bel_date, language)}${event.start_time ? `, ${formatTime(event.start_time, language)}` : ''}`;
      const description = eventDescription(when, event.place, event.description ? plainText(event.description) : null);
      meta = metaFor(origin, language, eventPath(event), `${event.title} – ${pageTitle}`, description, {
        listTitle,
        type: 'article',
        // A recurring event's JSON-LD starts at its first date, its schedule saying the rest, whichever occurrence the list showed.
        jsonLd: [eventJsonLd(seriesOf(event), url, institutionOf(language))],
      });
    }
    // The search page names its query first ("« budget » – Recherche"), as the page's script keeps it when the visitor searches again.
    const searchedFor = page === 'search' ? queryTitle(intl, textFromSearch(search)) : null;
    if (searchedFor !== null) meta = metaFor(origin, language, pathname, `${searchedFor} – ${pageTitle}`, describe(language, 'search'), { listTitle });
    return finish(
      unavailableNow ? 503 : 200,
      renderPageDocument(
        assetsFor(setup.dir),
        language,
        meta,
        {
          html: rendered.html,
          answers: rendered.answers,
          failures: rendered.failures,
          now: rendered.now,
          attributes: {
            ...setup.attributes,
            ...apiAttributes,
            'data-widget': setup.widget,
            'data-wake': setup.entry.wake,
            ...codeAttribute(setup.widget, language),
            // What the page says if the widget's code fails: the cart has no simple form, the others do.
            [FAILURE_NOTICE_ATTRIBUTE]: intl.formatMessage({ id: page === 'shop' || page === 'cart' ? 'island.cartFailed' : 'island.simpleForm' }),
          },
          heading,
          headingLang,
          head: rendered.head,
          style: styleOf(setup.widget),
          search,
          dialog: rendered.subject?.kind === 'contact',
          // The cart lives in the browser's storage: without script nothing of it works, which these pages say.
          noscript: page === 'shop' || page === 'cart' ? intl.formatMessage({ id: 'cart.noscript' }) : undefined,
        },
        page,
        siteOf(language),
        inlineStyle,
      ),
      // Said to shared caches and crawlers as the page says it: every address of this page (a campaign tag added) is this one.
      { link: `<${meta.canonical}>; rel="canonical"` },
      rendered.until,
    );
  };

  // An unavailable database is a moment's state: no cache keeps the page that says so, and the visitor is told when to come back.
  const unavailable = (reply: FastifyReply, page: Rendered, request: FastifyRequest): FastifyReply =>
    sendRepresentation(request, reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)), withReference(page, request), ERROR_SENDING);

  // Compressed once a page and encoding, like the built files: a repeated visit costs what a static file costs.
  // An error page (400, 404) is kept by no cache, the browser's included: the address may work a moment later, and
  // it carries this request's reference. Its compressed copies are made for this answer alone, so the cache does not grow.
  const send = (reply: FastifyReply, rendered: Rendered, request: FastifyRequest, key?: string): FastifyReply =>
    rendered.status >= 400
      ? sendRepresentation(request, reply, withReference(rendered, request), ERROR_SENDING)
      : sendRepresentation(
          request,
          reply,
          rendered,
          { ...PAGE_SENDING, cacheControl: cacheControlUntil(PAGE_SENDING.cacheControl, rendered.until, now()) },
          key === undefined ? undefined : (bytes) => cache.grow(key, bytes),
        );

  const pageHandler = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    const origin = origins.absolute(request);
    const url = request.url;
    const queryAt = url.indexOf('?');
    const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
    const search = queryAt < 0 ? '' : url.slice(queryAt);
    const { language, path: unprefixed } = splitLanguage(rawPath, root);
    let pathname: string;
    try {
      pathname = decodeURI(unprefixed);
    } catch {
      return send(reply, errorPage(origin, language, 400), request);
    }
    const path = parseSitePath(pathname);
    if (url.length > MAX_PAGE_URL) return send(reply, errorPage(origin, language, 400, { id: 'errors.query.tooLong', values: {} }), request);
    if (path === null) return send(reply, errorPage(origin, language, 404), request);
    if (!pathname.endsWith('/')) return redirectWithinSite(reply, `${localize(`${pathname}/`, language)}${search}`, 301);
    const page = pageOf(path);
    const toggled = applyFormToggle(search, page === 'agenda' ? 'categories' : 'categorie');
    if (toggled !== null) return redirectWithinSite(reply, `${localize(pathname, language)}${reorderedIds(page, toggled) ?? toggled}`, 303);
    const problem = pageQueryProblem(page, search);
    if (problem !== null) return send(reply, errorPage(origin, language, 400, problem), request);
    // One address per category list: its ids in another order, repeated or written `007` are sent
    // there (no rendering), where the page's script reads the list as the server rendered it.
    const reordered = reorderedIds(page, search);
    if (reordered !== null) return redirectWithinSite(reply, `${localize(pathname, language)}${reordered}`, 301);
    const unknown = await unknownCategory(page, search, attributesOf(page));
    if (unknown !== null) return send(reply, errorPage(origin, language, 400, unknown), request);
    // The page's address as it reads it: `?utm_source=…`, `?fbclid=…`, a tool's value, another order or spelling of the same query are one page, rendered and kept once.
    const canonical = pageSearch(page, search);
    const key = JSON.stringify([await options.version(page), origin, language, pathname, canonical]);
    const cached = keptNow(key);
    if (cached !== undefined) return send(reply, cached, request, key);
    if (await uncached(request, reply, (refused) => send(refused, errorPage(origin, language, 429), request))) return reply;
    const fresh = await rendering(key, () =>
      expensive(async () => {
        const made = await renderPage(origin, language, path, pathname, canonical, origins.forward(request));
        return made.status === 503 ? made : remember(key, made);
      }),
    );
    if (fresh.status === 503) return unavailable(reply, fresh, request);
    return send(reply, fresh, request, key);
  };

  // The API's reference, a page of the site like the others (header, footer, languages): the same at
  // every visit but for its origin and language, so kept under those (the description changes with the code only).
  const apiDocument = openApiDocument(options.profile);
  const apiPage = (origin: string, language: Language): Rendered => {
    const key = JSON.stringify(['api', origin, language]);
    const kept = cache.get(key);
    if (kept !== undefined) return kept;
    const words = API_REFERENCE_WORDS[language];
    const meta = metaFor(origin, language, API_REFERENCE_PATH, words.title, words.description);
    const html = renderPageDocument(
      assetsFor(''),
      language,
      meta,
      { html: apiReferenceContent(apiDocument, language), answers: null, heading: words.title, style: styleOf('site-info') },
      'api',
      siteOf(language),
      inlineStyle,
    );
    return remember(key, finish(200, html, { link: `<${meta.canonical}>; rel="canonical"` }));
  };
  for (const language of offered) {
    app.get(localize(API_REFERENCE_PATH, language), (request, reply) => {
      const origin = origins.absolute(request);
      return send(reply, apiPage(origin, language), request, JSON.stringify(['api', origin, language]));
    });
  }

  // The profile's emblem at a stable address: the pages' icon, the manifest's, and the logo their JSON-LD names.
  const emblem = representation(200, 'image/svg+xml', profile.emblem);
  const manifest = representation(200, 'application/manifest+json', JSON.stringify(webAppManifest(profile)));
  app.get(EMBLEM_PATH, (request, reply) => sendRepresentation(request, reply, emblem, PROFILE_FILE_SENDING));
  app.get(MANIFEST_PATH, (request, reply) => sendRepresentation(request, reply, manifest, PROFILE_FILE_SENDING));

  // Each page and each permalink of a section on, in the root language and under each other offered
  // language's prefix; everything else (a section off, a language not offered) is a built file or a 404.
  for (const language of offered) {
    for (const page of Object.keys(PAGE_PATHS) as SitePage[]) {
      if (!pageIsOn(sections, page)) continue;
      const path = PAGE_PATHS[page];
      app.get(localize(path, language), pageHandler);
      if (page === 'directory' || page === 'agenda' || page === 'news') app.get(localize(`${path}:slug/`, language), pageHandler);
    }
  }

  app.get<{ Params: { widget: string }; Querystring: Record<string, string | string[]> }>('/fragments/:widget/', async (request, reply) => {
    const page = (Object.keys(PAGES) as SitePage[]).find((name) => PAGES[name].widget === request.params.widget && pageIsOn(sections, name));
    const error = (status: number, message: string) => reply.code(status).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(message);
    const params = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
    // Refusals are said in the fragment's language, as its content would be: one the site offers, else its root one.
    const language: Language = offered.find((name) => name === params.get('lang')) ?? root;
    const say = (id: MessageId, values?: Record<string, string | number>): string => translate(intlFor(language), id, values);
    if (page === undefined) return error(404, say('errors.fragment.unknownWidget', { widget: request.params.widget }));
    if (request.url.length > MAX_PAGE_URL) return error(400, say('errors.fragment.tooLong'));
    const attributes: Record<string, string> = { ...attributesOf(page), [ROOT_LANGUAGE_ATTRIBUTE]: root, [SECTIONS_ATTRIBUTE]: sectionsAttribute(sections) };
    const agendaId = params.get('agenda-id');
    const scope = params.get('news-scope');
    if (agendaId !== null) {
      if (!/^\d{1,9}$/.test(agendaId)) return error(400, say('errors.fragment.agendaId'));
      attributes['data-agenda-id'] = agendaId;
    }
    if (scope !== null) {
      if (!/^[a-z0-9][a-z0-9-]{0,63}$/.test(scope)) return error(400, say('errors.fragment.newsScope'));
      attributes['data-news-scope'] = scope;
    }
    for (const name of ['lang', 'agenda-id', 'news-scope']) params.delete(name);
    const search = params.toString() === '' ? '' : `?${params.toString()}`;
    const problem = pageQueryProblem(page, search) ?? (await unknownCategory(page, search, attributes));
    if (problem !== null) return error(400, say(problem.id, { ...problem.values }));
    // Kept like the pages, under the query the widget reads: a parameter it does not read makes no new
    // fragment, nor does the order of a category list (the host page's address is the one its script reads).
    const canonical = pageSearch(page, search);
    const key = JSON.stringify(['fragment', await options.version(page), origins.absolute(request), page, language, attributes, canonical]);
    const cached = keptNow(key);
    const fragmentSending = (fragment: Rendered): SendPolicy => ({
      ...FRAGMENT_SENDING,
      cacheControl: cacheControlUntil(FRAGMENT_SENDING.cacheControl, fragment.until, now()),
    });
    if (cached !== undefined) return sendRepresentation(request, reply, cached, fragmentSending(cached), (bytes) => cache.grow(key, bytes));
    if (await uncached(request, reply, () => error(429, say('errors.tooManyText')))) return reply;
    const fresh = await rendering(key, () =>
      expensive(async () => {
        const rendered = await renderWidget(
          PAGES[page].entry,
          { language, root, sections, pathname: PAGE_PATHS[page], search: canonical, attributes: { ...attributes, ...apiAttributes }, now: now() },
          (answerPath) => profileAnswer(answerPath, language) ?? options.answers(answerPath, origins.forward(request)),
        );
        // A fragment is kept a minute by whoever includes it: never one made while the database was away.
        if (Object.values(rendered.failures).some((failure) => failure._tag === 'HttpError' && failure.status === 503)) return finish(503, '');
        const html = renderFragment({
          widget: PAGES[page].widget,
          language,
          // No `data-code`: a fragment is included by a content system's page, where this server's paths are not the page's.
          attributes: { ...attributes, ...apiAttributes, 'data-wake': PAGES[page].entry.wake },
          style: styleOf(PAGES[page].widget),
          head: rendered.head,
          html: rendered.html,
          answers: rendered.answers,
          failures: rendered.failures,
          now: rendered.now,
        });
        return remember(key, finish(200, html, {}, rendered.until));
      }),
    );
    if (fresh.status === 503) {
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return error(503, say('errors.fragment.unavailable'));
    }
    return sendRepresentation(request, reply, fresh, fragmentSending(fresh), (bytes) => cache.grow(key, bytes));
  });

  // The error pages of every other address, in the language of the address.
  return (request, reply, status) => {
    const { language } = splitLanguage(request.url.split('?')[0] ?? '/', root);
    const page = errorPage(origins.absolute(request), offeredOr(language), status);
    return status === 503 ? unavailable(reply, page, request) : send(reply, page, request);
  };
};
