import { Fragment } from 'react';
import type { IntlShape } from '@formatjs/intl';
import { localizedPath } from '../../src/domain/permalinks';
import { addMessages, type MessageId } from '../../src/i18n/intl';
import type { Language } from '../../src/i18n/language';
import type { Sections } from '../../src/domain/site-profile';
import { SHELL_MESSAGES } from '../../src/i18n/shell-messages';
import { COUNT_FORMS_ATTRIBUTE } from '../../src/views/islands/header-cart-count';
import type { SiteIdentity } from '../../src/domain/site-identity';
import { pluralForms } from './plural-forms';

// The footer's and the menu's words, which the browser's entry does not carry.
addMessages(SHELL_MESSAGES);

/** The addresses of what Parcel built for a page: its entry script and its style sheets, read from the built page (the icon is the profile's emblem). */
export interface PageAssets {
  readonly script: string | null;
  readonly styles: readonly string[];
}

// Parcel's minified markup may leave attribute values unquoted.
const attribute = (tag: string, name: string): string | null => {
  const found = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return found === null ? null : (found[1] ?? found[2] ?? found[3] ?? null);
};

/** The assets a built page of Parcel's names: the server writes their addresses into the pages it renders. */
export const assetsOf = (builtPage: string): PageAssets => {
  const tags = (pattern: RegExp): string[] => [...builtPage.matchAll(pattern)].map((match) => match[0]);
  const links = tags(/<link\b[^>]*>/gi);
  const scripts = tags(/<script\b[^>]*>/gi).filter((tag) => attribute(tag, 'type') === 'module');
  return {
    script: scripts.map((tag) => attribute(tag, 'src')).find((src) => src !== null) ?? null,
    styles: links.filter((tag) => attribute(tag, 'rel') === 'stylesheet').flatMap((tag) => attribute(tag, 'href') ?? []),
  };
};

/** A link of the header or the footer: the page it marks as current, and the section that must be on for it to be there (none: always). */
interface ShellLink {
  readonly page: string;
  readonly path: string;
  readonly label: MessageId;
  readonly section?: keyof Sections;
}

/** The site's sections in the header's navigation, in order, with the page each marks as current. */
const NAVIGATION: readonly ShellLink[] = [
  { page: 'home', path: '/', label: 'nav.home' },
  { page: 'agenda', path: '/agenda/', label: 'nav.agenda', section: 'agenda' },
  { page: 'directory', path: '/annuaire/', label: 'nav.directory', section: 'directory' },
  { page: 'news', path: '/actualites/', label: 'nav.news', section: 'news' },
  { page: 'shop', path: '/boutique/', label: 'nav.shop', section: 'shop' },
];

/** The links of a list whose section is on. */
const linksOn = (links: readonly ShellLink[], sections: Sections): readonly ShellLink[] =>
  links.filter((link) => link.section === undefined || sections[link.section]);

const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { fr: 'Français', de: 'Deutsch', it: 'Italiano', en: 'English' };

/**
 * The institution's emblem, the profile's sanitized SVG written as it is (server/profile checked it:
 * no script, no reference outside the file), beside its name, which says it: hidden from assistive technology.
 */
const Emblem = ({ svg }: { svg: string }) => <span className="site-header__emblem" aria-hidden="true" dangerouslySetInnerHTML={{ __html: svg }} />;

const MenuIcon = () => (
  <svg className="site-menu__icon" width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <path d="M2 4.5h16M2 10h16M2 15.5h16" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
);

const SearchIcon = () => (
  <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
    <circle cx="8.5" cy="8.5" r="5.75" fill="none" stroke="currentColor" strokeWidth="2.5" />
    <path d="m13 13 5 5" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
);

/** What the header needs of the page: its language, which page is current, and this page's address in each language. */
export interface HeaderFacts {
  readonly language: Language;
  readonly intl: IntlShape;
  readonly page: string;
  /** This page in each language the site offers (its query kept), in order: the switch's links. */
  readonly switchTo: readonly { readonly language: Language; readonly href: string }[];
  /** The institution, in the page's language. */
  readonly identity: SiteIdentity;
  /** The institution's emblem: the profile's sanitized SVG. */
  readonly emblem: string;
  /** The site's root language, whose addresses carry no prefix. */
  readonly root: Language;
  /** The sections switched on: a section off has no link. */
  readonly sections: Sections;
}

/**
 * The site's header: skip link, emblem, and a menu holding the search box, the language switch
 * (links) and the navigation with the cart's count. The menu is a `<details>` disclosure: on a
 * narrow screen its summary, "Menu", opens it without any script; on a wide one the style sheet
 * hides the summary and shows its content (src/styles/site.css).
 */
export const SiteHeader = ({ language, intl, page, switchTo, identity, emblem, root, sections }: HeaderFacts) => {
  const t = (id: MessageId, values?: Record<string, string | number>): string => intl.formatMessage({ id }, values);
  const forms = pluralForms(intl, 'cart.count');
  const countForms = forms === null ? {} : { [COUNT_FORMS_ATTRIBUTE]: JSON.stringify(forms) };
  const current = (name: string) => (name === page ? ({ 'aria-current': 'page' } as const) : {});
  const localize = (path: string): string => localizedPath(path, language, root);
  return (
    <>
      <a className="skip-link" href="#contenu">
        {t('site.skip')}
      </a>
      <header className="site-header" data-shell="header">
        <div className="site-header__inner">
          <a className="site-header__brand" href={localize('/')} data-localized-href="">
            <Emblem svg={emblem} />
            <span className="site-header__name">{identity.name}</span>
          </a>
          <details className="site-menu">
            <summary className="site-menu__toggle">
              <MenuIcon />
              <span>{t('menu.label')}</span>
            </summary>
            {sections.search ? (
              <form className="site-search" role="search" action={localize('/recherche/')} method="get" data-site-search="" aria-label={t('header.search.label')}>
                <label className="visually-hidden" htmlFor="site-search-q">
                  {t('header.search.label')}
                </label>
                <input
                  className="site-search__input"
                  id="site-search-q"
                  type="search"
                  name="q"
                  maxLength={200}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={t('header.search.label')}
                />
                <button className="site-search__submit" type="submit">
                  <SearchIcon />
                  <span className="visually-hidden">{t('header.search.submit')}</span>
                </button>
              </form>
            ) : null}
            <div className="site-header__language" role="group" aria-label={t('lang.label')}>
              {switchTo.map(({ language: other, href }, index) => (
                <Fragment key={other}>
                  {index > 0 ? <span aria-hidden="true">|</span> : null}
                  <a
                    className="site-header__lang"
                    href={href}
                    data-set-lang={other}
                    lang={other}
                    hrefLang={other}
                    {...(other === language ? { 'aria-current': 'true' } : {})}
                  >
                    {other.toUpperCase()}
                    <span className="visually-hidden"> – {LANGUAGE_NAMES[other]}</span>
                  </a>
                </Fragment>
              ))}
            </div>
            <nav className="site-nav" aria-label={t('nav.label')}>
              <ul className="site-nav__list">
                {linksOn(NAVIGATION, sections).map((item) => (
                  <li key={item.page}>
                    <a href={localize(item.path)} data-nav={item.page} {...current(item.page)}>
                      {t(item.label)}
                    </a>
                  </li>
                ))}
                {sections.shop ? (
                  <li className="site-nav__cart">
                    <a href={localize('/panier/')} data-nav="cart" {...current('cart')}>
                      <span>{t('nav.cart')}</span>{' '}
                      <span className="site-nav__count" data-cart-count="0">
                        (
                        <span data-i18n-count="0" {...countForms}>
                          {t('cart.count', { count: 0 })}
                        </span>
                        )
                      </span>
                    </a>
                  </li>
                ) : null}
              </ul>
            </nav>
          </details>
        </div>
      </header>
    </>
  );
};

/** The pages about the site the footer links to, in order. */
const FOOTER_LINKS: readonly ShellLink[] = [
  { page: 'accessibility', path: '/accessibilite/', label: 'footer.accessibility' },
  { page: 'legal', path: '/mentions-legales/', label: 'footer.legal' },
  { page: 'privacy', path: '/protection-des-donnees/', label: 'footer.privacy' },
  { page: 'sitemap', path: '/plan-du-site/', label: 'footer.sitemap' },
  { page: 'data', path: '/donnees/', label: 'opendata.title', section: 'openData' },
];

/** The site's footer: the institution's address and contact, the links to the pages about the site, and the notice. */
export const SiteFooter = ({
  language,
  intl,
  page,
  identity,
  root,
  sections,
}: Pick<HeaderFacts, 'language' | 'intl' | 'page' | 'identity' | 'root' | 'sections'>) => {
  const t = (id: MessageId, values?: Record<string, string>): string => intl.formatMessage({ id }, values);
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <address className="site-footer__address">
          <strong>{identity.name}</strong>
          <br />
          {identity.office}
          {identity.postalAddress.map((line) => (
            <Fragment key={line}>
              <br />
              {line}
            </Fragment>
          ))}
          <br />
          {t('footer.phone')} <a href={`tel:${identity.phone.dialled}`}>{identity.phone.shown}</a>
          <br />
          {t('footer.email')} <a href={`mailto:${identity.email}`}>{identity.email}</a>
        </address>
        <nav className="site-footer__nav" aria-label={t('footer.nav.label')}>
          <ul className="site-footer__links">
            {linksOn(FOOTER_LINKS, sections).map((link) => (
              <li key={link.page}>
                <a href={localizedPath(link.path, language, root)} data-nav={link.page} {...(page === link.page ? { 'aria-current': 'page' } : {})}>
                  {t(link.label)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <p className="site-footer__notice">{t('footer.text', { site: identity.name })}</p>
    </footer>
  );
};
