import type { Language } from './language';
import type { ColourToken, Colours, Localized, SiteProfile } from './site-profile';

/** Who a page says it is published by, in the page's language: the header, the footer, the title, Open Graph, JSON-LD. */
export interface SiteIdentity {
  readonly name: string;
  readonly shortName: string;
  readonly office: string;
  readonly postalAddress: readonly string[];
  readonly phone: { readonly shown: string; readonly dialled: string };
  readonly email: string;
}

/**
 * A profile's words in `language`: a language the profile does not offer (a page the server still
 * draws in it) reads the default language's words, which the profile's check guarantees.
 */
export const localizedWords = (words: Localized, language: Language, fallback: Language): string =>
  words[language] ?? words[fallback] ?? Object.values(words)[0] ?? '';

/** The institution as a page in `language` names it. */
export const siteIdentity = ({ settings }: Pick<SiteProfile, 'settings'>, language: Language): SiteIdentity => {
  const fallback = settings.languages.default;
  const { institution, contact } = settings;
  return {
    name: localizedWords(institution.name.full, language, fallback),
    shortName: localizedWords(institution.name.short, language, fallback),
    office: localizedWords(institution.office, language, fallback),
    postalAddress: contact.postalAddress,
    phone: contact.phone,
    email: contact.email.general,
  };
};

/** The custom property of `src/styles/site.css` each colour token is drawn as. */
export const COLOUR_PROPERTIES: Readonly<Record<ColourToken, string>> = {
  background: '--background',
  text: '--ink',
  muted: '--muted',
  surface: '--surface',
  line: '--line',
  link: '--link',
  brand: '--brand',
  brandDark: '--brand-dark',
  focus: '--focus',
  inverse: '--inverse',
};

/**
 * The one `:root` rule that gives the style sheets a profile's colours, written in each page's
 * head after the sheets. Its text is fixed for a profile, so the Content Security Policy allows it by its hash.
 */
export const colourRule = (colours: Colours): string =>
  `:root{${(Object.keys(COLOUR_PROPERTIES) as ColourToken[]).map((token) => `${COLOUR_PROPERTIES[token]}:${colours[token].toLowerCase()}`).join(';')}}`;

/** Where the profile's emblem is served: the favicon, and the logo the JSON-LD names. */
export const EMBLEM_PATH = '/favicon.svg';

/** Where the web app manifest is served. */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** The web app manifest (W3C Web Application Manifest) of a profile, in its default language. */
export const webAppManifest = (profile: Pick<SiteProfile, 'settings'>): Readonly<Record<string, unknown>> => {
  const language = profile.settings.languages.default;
  const identity = siteIdentity(profile, language);
  return {
    name: identity.name,
    short_name: identity.shortName,
    lang: language,
    // The default language is the root one: its home is the site's root.
    start_url: '/',
    display: 'browser',
    theme_color: profile.settings.colours.brand.toLowerCase(),
    background_color: profile.settings.colours.background.toLowerCase(),
    icons: [{ src: EMBLEM_PATH, sizes: 'any', type: 'image/svg+xml' }],
  };
};
