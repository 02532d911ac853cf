import { intlFor } from '../../src/i18n/intl';
import { localizedPath } from '../../src/domain/permalinks';
import { LANGUAGES, type Language } from '../../src/i18n/language';
import { DATA_BLOCK_ATTRIBUTE } from '../../src/services/embedded-answers';
import { translateStatic } from '../../src/views/shell/static-text';
import { COUNT_FORMS_ATTRIBUTE } from '../../src/views/islands/header-cart-count';
import { pluralForms } from './plural-forms';
import { serverWindow } from './server-dom';

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMeta {
  readonly title: string;
  readonly description: string;
  /** The page's absolute address without language prefix concerns: the canonical one. */
  readonly canonical: string;
  /** The page's address in each language. */
  readonly alternates: Readonly<Record<Language | 'x-default', string>>;
  readonly image?: string | undefined;
  readonly type?: 'website' | 'article' | 'profile' | undefined;
  /** schema.org objects, written as JSON-LD. */
  readonly jsonLd?: readonly object[] | undefined;
}

/** What fills a page's widget container. */
export interface PageBody {
  readonly html: string;
  /** The answers the widget was built from: `null` for a page whose container holds no widget (an error page). */
  readonly answers: Readonly<Record<string, unknown>> | null;
  /** The calls that failed while rendering, by path. */
  readonly failures?: Readonly<Record<string, unknown>> | undefined;
  /** Attributes to set on the container (`data-api-base` when the answers come from another backend). */
  readonly attributes?: Readonly<Record<string, string>> | undefined;
  /** A heading that replaces the page's own (error pages, a news item's title). */
  readonly heading?: string | undefined;
  /** Markup for the head that the widget's rendering asked for (image preloads). */
  readonly head?: string | undefined;
  /** The widget's style sheet, linked in the head. */
  readonly style?: string | null | undefined;
  /** The address's query (`?q=…`): the language switch's links keep it. */
  readonly search?: string | undefined;
}

// The regions a link preview names: the Swiss variants, and the British English the dates use.
const OG_LOCALES: Readonly<Record<Language, string>> = { fr: 'fr_CH', de: 'de_CH', it: 'it_CH', en: 'en_GB' };

const WIDGET_MARK = 'server-widget-html';
const DATA_MARK = 'server-widget-data';
const HEAD_MARK = 'server-widget-head';

/** What a widget's data block holds: its answers, and its failures when there are some. */
export const dataBlock = (answers: Readonly<Record<string, unknown>>, failures: Readonly<Record<string, unknown>> = {}): object =>
  Object.keys(failures).length === 0 ? { answers } : { answers, failures };

/** JSON that is safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const parser = new serverWindow.DOMParser();

/**
 * Fills a built page (Parcel's HTML, with its hashed scripts and styles) with what the server
 * rendered: the language, the header in that language, the widget's markup and its data
 * block, and the page's metadata. The widget's markup goes in as React wrote it.
 */
export const fillPage = (
  template: string,
  language: Language,
  meta: PageMeta,
  body: PageBody,
  page: string,
  inlineStyle: (href: string) => string | null = () => null,
): string => {
  // Parsed into a document of the server's one window: a window of its own for each page cost
  // megabytes that the collector reclaimed late, and the 404s of a crawl made the process grow.
  const doc = parser.parseFromString(template, 'text/html');
  const intl = intlFor(language);
  doc.documentElement.lang = language;
  doc.documentElement.dataset.serverRendered = '';
  translateStatic(doc, intl);
  // The switch is links to this page in each language (its query kept): it works before any script, and without.
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-set-lang]')) {
    const other = (LANGUAGES as readonly string[]).includes(link.dataset.setLang ?? '') ? (link.dataset.setLang as Language) : 'fr';
    link.setAttribute('href', `${new URL(meta.alternates[other]).pathname}${body.search ?? ''}`);
    if (other === language) link.setAttribute('aria-current', 'true');
    else link.removeAttribute('aria-current');
  }
  // The header's count says itself in the page's language before any widget runs: its plural forms travel with it.
  const countForms = pluralForms(intl, 'cart.count');
  for (const element of doc.querySelectorAll<HTMLElement>(`[${COUNT_FORMS_ATTRIBUTE}]`)) {
    if (countForms === null) element.removeAttribute(COUNT_FORMS_ATTRIBUTE);
    else element.setAttribute(COUNT_FORMS_ATTRIBUTE, JSON.stringify(countForms));
  }
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('[data-nav]')) {
    if (link.dataset.nav === page) link.setAttribute('aria-current', 'page');
    link.setAttribute('href', localizedPath(link.getAttribute('href') ?? '/', language));
  }
  // The emblem leads home, to the home page of the page's language.
  for (const link of doc.querySelectorAll<HTMLAnchorElement>('a[data-localized-href]')) {
    link.setAttribute('href', localizedPath(link.getAttribute('href') ?? '/', language));
  }
  // The header's search goes to the search page of the page's language.
  for (const form of doc.querySelectorAll<HTMLFormElement>('form[data-site-search]')) {
    form.setAttribute('action', localizedPath(form.getAttribute('action') ?? '/recherche/', language));
  }
  const heading = doc.querySelector('main h1');
  if (heading && body.heading !== undefined) {
    heading.removeAttribute('data-i18n');
    heading.textContent = body.heading;
  }

  const head = doc.head;
  const add = (tag: string, attributes: Record<string, string>): void => {
    const element = doc.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
    head.append(element);
  };
  doc.title = meta.title;
  if (body.style) add('link', { rel: 'stylesheet', href: body.style });
  doc.querySelector('meta[name="description"]')?.remove();
  add('meta', { name: 'description', content: meta.description });
  add('link', { rel: 'canonical', href: meta.canonical });
  for (const [hreflang, href] of Object.entries(meta.alternates)) add('link', { rel: 'alternate', hreflang, href });
  add('meta', { property: 'og:type', content: meta.type ?? 'website' });
  add('meta', { property: 'og:title', content: meta.title });
  add('meta', { property: 'og:description', content: meta.description });
  add('meta', { property: 'og:url', content: meta.canonical });
  add('meta', { property: 'og:site_name', content: intl.formatMessage({ id: 'site.name' }) });
  add('meta', { property: 'og:locale', content: OG_LOCALES[language] });
  for (const other of LANGUAGES) if (other !== language) add('meta', { property: 'og:locale:alternate', content: OG_LOCALES[other] });
  if (meta.image) add('meta', { property: 'og:image', content: meta.image });
  head.append(doc.createComment(HEAD_MARK));
  // The site's style sheets are a few kilobytes: written into the page, they cost no request
  // before the first paint (the CSP allows inline styles, never inline scripts).
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    const css = inlineStyle(link.getAttribute('href') ?? '');
    if (css === null) continue;
    const style = doc.createElement('style');
    style.textContent = css;
    link.replaceWith(style);
  }
  for (const object of meta.jsonLd ?? []) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    // Content written by editors goes into a script element: no `</script>` may end it early.
    script.textContent = scriptSafeJson(object);
    head.append(script);
  }

  const container = doc.querySelector<HTMLElement>('main [data-widget]');
  let data = '';
  if (container) {
    container.setAttribute('lang', language);
    for (const [name, value] of Object.entries(body.attributes ?? {})) container.setAttribute(name, value);
    if (body.answers === null) container.removeAttribute('data-widget');
    container.append(doc.createComment(WIDGET_MARK));
    if (body.answers !== null) {
      container.after(doc.createComment(DATA_MARK));
      data = `<script type="application/json" ${DATA_BLOCK_ATTRIBUTE}>${scriptSafeJson(dataBlock(body.answers, body.failures))}</script>`;
    }
  }
  const html = `${doc.doctype === null ? '' : `<!DOCTYPE ${doc.doctype.name}>`}${doc.documentElement.outerHTML}`;
  // Inserted after serializing: React's markup and the JSON reach the page byte for byte.
  return html
    .replace(`<!--${HEAD_MARK}-->`, () => body.head ?? '')
    .replace(`<!--${WIDGET_MARK}-->`, () => body.html)
    .replace(`<!--${DATA_MARK}-->`, () => data);
};
