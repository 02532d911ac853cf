import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { intlFor } from '../../src/i18n/intl';
import { ROOT_LANGUAGE_ATTRIBUTE, type Language } from '../../src/i18n/language';
import { DATA_BLOCK_ATTRIBUTE } from '../../src/services/embedded-answers';
import { LIST_TITLE_ATTRIBUTE } from '../../src/views/shared/document-title';
import { MODAL_INERT_ATTRIBUTE } from '../../src/views/shared/modal';
import { EMBLEM_PATH, MANIFEST_PATH, type SiteIdentity } from '../../src/domain/site-identity';
import type { Sections } from '../../src/domain/site-profile';
import { sectionsAttribute, SECTIONS_ATTRIBUTE } from '../../src/domain/site-sections';
import { SiteFooter, SiteHeader, type PageAssets } from './page-shell';

/** What a page says about itself to browsers, search engines and link previews. */
export interface PageMeta {
  readonly title: string;
  /** The title of the page with nothing open, when `title` names an open item: the browser gives it back on closing. */
  readonly listTitle?: string | undefined;
  readonly description: string;
  /** The page's absolute address without language prefix concerns: the canonical one. */
  readonly canonical: string;
  /** The page's address in each language the site offers, and `x-default`: the root language's. */
  readonly alternates: Readonly<Partial<Record<Language, string>> & Record<'x-default', string>>;
  readonly image?: string | undefined;
  readonly type?: 'website' | 'article' | 'profile' | undefined;
  /** schema.org objects, written as JSON-LD. */
  readonly jsonLd?: readonly object[] | undefined;
}

/** What a page shows instead of a widget: an error page's sentence and its way out. */
export interface PageNotice {
  readonly sentence: string;
  readonly home: { readonly href: string; readonly label: string };
  /** The sentence that gives the request's reference, which a visitor can quote when writing about the error. */
  readonly reference: string;
}

/**
 * What lies behind a modal dialog the server draws open: inert (out of reach of Tab, pointer and
 * assistive technology), marked so that the dialog gives it back when it closes in place
 * (src/views/shared/modal.tsx). Without a dialog, the children alone.
 */
const BehindDialog = ({ dialog, children }: { dialog: boolean; children: ReactNode }) =>
  dialog ? (
    <div className="behind-dialog" inert {...{ [MODAL_INERT_ATTRIBUTE]: '' }}>
      {children}
    </div>
  ) : (
    <>{children}</>
  );

/** What fills a page's main: its heading, and its widget's markup and container, or a notice. */
export interface PageBody {
  /** The widget's markup as React rendered it (its own root, which the browser hydrates), or a notice. */
  readonly html: string | PageNotice;
  /** The answers the widget was built from: `null` for a page whose container holds no widget (an error page). */
  readonly answers: Readonly<Record<string, unknown>> | null;
  /** The calls that failed while rendering, by path. */
  readonly failures?: Readonly<Record<string, unknown>> | undefined;
  /** The moment (ms) the widget was rendered for, which the browser's first render takes. */
  readonly now?: number | undefined;
  /** Attributes to set on the container (`data-api-base` when the answers come from another backend). */
  readonly attributes?: Readonly<Record<string, string>> | undefined;
  /** The page's heading (a section's title, an error's, a news item's). */
  readonly heading: string;
  /** The heading's own language when it is the institution's content in another language than the page's (a news item's title on a German page). */
  readonly headingLang?: Language | undefined;
  /** What the widget's rendering asked for in the head (image preloads), as React wrote it. */
  readonly head?: string | undefined;
  /** The page's note for a browser without script (the shop and the cart say the cart needs it). */
  readonly noscript?: string | undefined;
  /** The widget's style sheet, linked in the head. */
  readonly style?: string | null | undefined;
  /** The address's query (`?q=…`): the language switch's links keep it. */
  readonly search?: string | undefined;
  /** The widget draws a modal dialog open (a contact's own address): the rest of the page is inert, so focus stays in it from the first Tab, script or not. */
  readonly dialog?: boolean | undefined;
}

/** What every page says of the institution, from its site profile. */
export interface PageSite {
  /** The institution in the page's language. */
  readonly identity: SiteIdentity;
  /** The profile's sanitized emblem (SVG). */
  readonly emblem: string;
  /** The profile's colours as one `:root` rule (`colourRule`), allowed by the Content Security Policy by its hash. */
  readonly colours: string;
  /** The languages the site offers, in the switch's order, and the root one, whose addresses carry no prefix. */
  readonly languages: { readonly offered: readonly Language[]; readonly root: Language };
  /** The sections switched on: the header, the footer and the home link to those only. */
  readonly sections: Sections;
}

// The regions a link preview names: the Swiss variants, and the British English the dates use.
const OG_LOCALES: Readonly<Record<Language, string>> = { fr: 'fr_CH', de: 'de_CH', it: 'it_CH', en: 'en_GB' };

/** What a widget's data block holds: its answers, its failures when there are some, and the moment it was rendered for. */
export const dataBlock = (answers: Readonly<Record<string, unknown>>, failures: Readonly<Record<string, unknown>> = {}, now?: number): object => ({
  answers,
  ...(Object.keys(failures).length === 0 ? {} : { failures }),
  ...(now === undefined ? {} : { now }),
});

/** JSON that is safe inside a `<script>` element: no `</script>`, no `<!--`, no line separators. */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', quot: '"', lt: '<', gt: '>', '#x27': "'", '#39': "'" };

/**
 * The `<link>` elements React wrote for a widget's head (its image preloads), as props: React names
 * their attributes as its props (`imageSrcSet`, `fetchPriority`), so they are written back as such.
 */
export const hoistedLinks = (markup: string): Record<string, string>[] =>
  [...markup.matchAll(/<link\b([^>]*?)\/?>/g)].map((link) =>
    Object.fromEntries(
      [...(link[1] ?? '').matchAll(/([A-Za-z-]+)="([^"]*)"/g)].map(([, name = '', value = '']) => [
        name,
        value.replace(/&(amp|quot|lt|gt|#x27|#39);/g, (_, entity: string) => ENTITIES[entity] ?? ''),
      ]),
    ),
  );

/**
 * A whole page, rendered by React from the message catalogues in the page's language: the head
 * (title, description, canonical and alternates, Open Graph, JSON-LD, the site's and the widget's
 * style sheets written in, Parcel's entry script), the header, the page's heading, the widget's
 * container holding its markup (its own React root, which the browser hydrates) and its data
 * block, or an error's notice, and the footer.
 */
export const renderPageDocument = (
  assets: PageAssets,
  language: Language,
  meta: PageMeta,
  body: PageBody,
  page: string,
  site: PageSite,
  inlineStyle: (href: string) => string | null = () => null,
): string => {
  const intl = intlFor(language);
  // The site's style sheets are a few kilobytes: written into the page, they cost no request
  // before the first paint (the CSP allows inline styles, never inline scripts).
  const styles = [...assets.styles, ...(body.style ? [body.style] : [])].map((href) => ({ href, css: inlineStyle(href) }));
  const switchTo = site.languages.offered.flatMap((other) => {
    const address = meta.alternates[other];
    return address === undefined ? [] : [{ language: other, href: `${new URL(address).pathname}${body.search ?? ''}` }];
  });
  const content = body.html;
  const document = (
    <html
      lang={language}
      data-page={page}
      data-server-rendered=""
      {...{ [ROOT_LANGUAGE_ATTRIBUTE]: site.languages.root, [SECTIONS_ATTRIBUTE]: sectionsAttribute(site.sections) }}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title {...(meta.listTitle ? { [LIST_TITLE_ATTRIBUTE]: meta.listTitle } : {})}>{meta.title}</title>
        <meta name="application-name" content={site.identity.name} />
        <link rel="icon" href={EMBLEM_PATH} type="image/svg+xml" />
        <link rel="manifest" href={MANIFEST_PATH} />
        {styles.map(({ href, css }) =>
          css === null ? <link key={href} rel="stylesheet" href={href} /> : <style key={href} dangerouslySetInnerHTML={{ __html: css }} />,
        )}
        {/* After the sheets, which draw with these properties and set none of their own. */}
        <style dangerouslySetInnerHTML={{ __html: site.colours }} />
        {assets.script === null ? null : <script type="module" src={assets.script} />}
        <meta name="description" content={meta.description} />
        <link rel="canonical" href={meta.canonical} />
        {Object.entries(meta.alternates).map(([hreflang, href]) => (
          <link key={hreflang} rel="alternate" hrefLang={hreflang} href={href} />
        ))}
        <meta property="og:type" content={meta.type ?? 'website'} />
        <meta property="og:title" content={meta.title} />
        <meta property="og:description" content={meta.description} />
        <meta property="og:url" content={meta.canonical} />
        <meta property="og:site_name" content={site.identity.name} />
        <meta property="og:locale" content={OG_LOCALES[language]} />
        {site.languages.offered
          .filter((other) => other !== language)
          .map((other) => (
            <meta key={other} property="og:locale:alternate" content={OG_LOCALES[other]} />
          ))}
        {meta.image ? <meta property="og:image" content={meta.image} /> : null}
        {hoistedLinks(body.head ?? '').map((attributes, index) => (
          <link key={index} {...attributes} />
        ))}
        {(meta.jsonLd ?? []).map((object, index) => (
          // Content written by editors goes into a script element: no `</script>` may end it early.
          <script key={index} type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(object) }} />
        ))}
      </head>
      <body>
        <BehindDialog dialog={body.dialog === true}>
          <SiteHeader
            language={language}
            intl={intl}
            page={page}
            switchTo={switchTo}
            identity={site.identity}
            emblem={site.emblem}
            root={site.languages.root}
            sections={site.sections}
          />
        </BehindDialog>
        <main id="contenu" className="site-main" tabIndex={-1}>
          <BehindDialog dialog={body.dialog === true}>
            <h1 lang={body.headingLang}>{body.heading}</h1>
          </BehindDialog>
          {body.noscript === undefined ? null : (
            <noscript>
              <p className="widget-coming">{body.noscript}</p>
            </noscript>
          )}
          {typeof content === 'string' ? (
            <>
              <div lang={language} {...body.attributes} dangerouslySetInnerHTML={{ __html: content }} />
              {body.answers === null ? null : (
                <script
                  type="application/json"
                  {...{ [DATA_BLOCK_ATTRIBUTE]: '' }}
                  dangerouslySetInnerHTML={{ __html: scriptSafeJson(dataBlock(body.answers, body.failures, body.now)) }}
                />
              )}
            </>
          ) : (
            <div lang={language}>
              <div className="notice">
                <p>{content.sentence}</p>
                <p>
                  <a href={content.home.href}>{content.home.label}</a>
                </p>
                <p className="reference">{content.reference}</p>
              </div>
            </div>
          )}
        </main>
        <BehindDialog dialog={body.dialog === true}>
          <SiteFooter language={language} intl={intl} page={page} identity={site.identity} root={site.languages.root} sections={site.sections} />
        </BehindDialog>
      </body>
    </html>
  );
  return `<!DOCTYPE html>${renderToStaticMarkup(document)}`;
};

/** What a fragment holds: the widget's container, its markup and data block, with its style sheet and preloads. */
export interface FragmentBody {
  readonly widget: string;
  readonly language: Language;
  readonly attributes: Readonly<Record<string, string>>;
  readonly style: string | null;
  readonly head: string;
  readonly html: string;
  readonly answers: Readonly<Record<string, unknown>>;
  readonly failures: Readonly<Record<string, unknown>>;
  readonly now: number;
}

/**
 * A widget's fragment for a content system's page (`GET /fragments/{widget}/`), rendered by React:
 * its style sheet and image preloads, its container holding the widget's own root, its data block.
 */
export const renderFragment = (fragment: FragmentBody): string =>
  renderToStaticMarkup(
    <>
      {fragment.style === null ? null : <link rel="stylesheet" href={fragment.style} />}
      {hoistedLinks(fragment.head).map((attributes, index) => (
        <link key={index} {...attributes} />
      ))}
      <div data-widget={fragment.widget} lang={fragment.language} {...fragment.attributes} dangerouslySetInnerHTML={{ __html: fragment.html }} />
      <script
        type="application/json"
        {...{ [DATA_BLOCK_ATTRIBUTE]: '' }}
        dangerouslySetInnerHTML={{ __html: scriptSafeJson(dataBlock(fragment.answers, fragment.failures, fragment.now)) }}
      />
    </>,
  );
