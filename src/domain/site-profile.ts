import * as t from 'io-ts';
import { FALLBACK_LANGUAGE, type Language } from './language';
import { isEmailAddress } from './order-mail';

/**
 * A site profile's settings (`site.json` of the folder `SITE_PROFILE` names): who the institution
 * is, how it is reached, its colours, its languages and the sections it switches on. One codec
 * decodes the file at start and generates its published JSON Schema (site-profile-schema.ts), so
 * the two never disagree. What one field cannot say alone (a default language that is offered,
 * colours that contrast) is checked after decoding, by server/profile/site-profile-check.ts.
 */

// One line as the site prints it: not blank, no control, line-separator or invisible format
// character (a bidi override would reorder what follows the name), counted in code points as
// JSON Schema counts them.
/** What a `ProfileText` is: one line of 1 to 200 characters, not blank. */
export const PROFILE_TEXT = /^(?=[\s\S]*\S)[^\p{Cc}\p{Zl}\p{Zp}\p{Cf}]{1,200}$/u;

/** A colour as the style sheet takes it: `#rrggbb`. */
export const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A number as a telephone dials it (E.164): `+`, the country code, the number, no space. */
export const DIALLED_PHONE = /^\+[1-9][0-9]{6,14}$/;

/** A slug of opendata.swiss (`PUBLISHER_ID` takes the same): lower-case letters, digits and inner dashes. */
export const PUBLISHER_ID = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;

/** A news scope as the API's addresses take it (`/api/news/{scope}/`). */
export const NEWS_SCOPE = /^[a-z0-9][a-z0-9-]{0,63}$/;

// A tag URI's authority (RFC 4151) as the feeds write it: a lower-case DNS name with at least one dot.
/** A domain name of lower-case labels, at least two of them. */
export const DOMAIN_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** The largest agenda id: the database's `integer`. */
export const MAX_AGENDA_ID = 2147483647;

interface ProfileTextBrand {
  readonly ProfileText: unique symbol;
}
interface HexColourBrand {
  readonly HexColour: unique symbol;
}
interface EmailAddressBrand {
  readonly EmailAddress: unique symbol;
}
interface DialledPhoneBrand {
  readonly DialledPhone: unique symbol;
}
interface PublisherIdBrand {
  readonly PublisherId: unique symbol;
}
interface NewsScopeBrand {
  readonly NewsScope: unique symbol;
}
interface DomainNameBrand {
  readonly DomainName: unique symbol;
}
interface AgendaIdBrand {
  readonly AgendaId: unique symbol;
}
interface OfferedLanguagesBrand {
  readonly OfferedLanguages: unique symbol;
}
interface PostalAddressBrand {
  readonly PostalAddress: unique symbol;
}

/** One line of the institution's own words (a name, an address line). */
export const ProfileText = t.brand(t.string, (text): text is t.Branded<string, ProfileTextBrand> => PROFILE_TEXT.test(text), 'ProfileText');

/** A colour `#rrggbb`. */
export const HexColour = t.brand(t.string, (text): text is t.Branded<string, HexColourBrand> => HEX_COLOUR.test(text), 'HexColour');
export type HexColour = t.TypeOf<typeof HexColour>;

/** One e-mail address, as the cart's `ORDER_EMAIL` takes it. */
export const EmailAddress = t.brand(t.string, (text): text is t.Branded<string, EmailAddressBrand> => isEmailAddress(text), 'EmailAddress');

const DialledPhone = t.brand(t.string, (text): text is t.Branded<string, DialledPhoneBrand> => DIALLED_PHONE.test(text), 'DialledPhone');
const PublisherId = t.brand(t.string, (text): text is t.Branded<string, PublisherIdBrand> => PUBLISHER_ID.test(text), 'PublisherId');
const NewsScope = t.brand(t.string, (text): text is t.Branded<string, NewsScopeBrand> => NEWS_SCOPE.test(text), 'NewsScope');
const DomainName = t.brand(t.string, (text): text is t.Branded<string, DomainNameBrand> => DOMAIN_NAME.test(text), 'DomainName');
const AgendaId = t.brand(
  t.number,
  (value): value is t.Branded<number, AgendaIdBrand> => Number.isInteger(value) && value >= 1 && value <= MAX_AGENDA_ID,
  'AgendaId',
);

// Typed as a record of every language, so that a language added to LANGUAGES must be added here.
const LANGUAGE_KEYS: Readonly<Record<Language, null>> = { fr: null, de: null, it: null, en: null };

/** A language code of the site (`fr`, `de`, `it`, `en`). */
export const LanguageCode = t.keyof(LANGUAGE_KEYS, 'Language');

/** The languages offered: at least one, each once, in the order of the header's switch. */
export const OfferedLanguages = t.brand(
  t.array(LanguageCode),
  (codes): codes is t.Branded<Language[], OfferedLanguagesBrand> => codes.length > 0 && new Set(codes).size === codes.length,
  'OfferedLanguages',
);

/** The lines of a postal address, below the office's name: one to six. */
export const PostalAddress = t.brand(
  t.array(ProfileText),
  (lines): lines is t.Branded<t.TypeOf<typeof ProfileText>[], PostalAddressBrand> => lines.length >= 1 && lines.length <= 6,
  'PostalAddress',
);

/** The language an address without a prefix speaks: French when the profile names none, as the specification says for the widgets. */
export const DefaultLanguage = new t.Type<Language, Language, unknown>(
  'DefaultLanguage',
  LanguageCode.is,
  (input, context) => (input === undefined ? t.success(FALLBACK_LANGUAGE) : LanguageCode.validate(input, context)),
  t.identity,
);

/** The languages offered, and the one an address without a language prefix speaks. */
export const ProfileLanguages = t.type({ offered: OfferedLanguages, default: DefaultLanguage }, 'ProfileLanguages');

/** Words in each language offered; a language not offered may be left out (site-profile-check.ts asks for the offered ones). */
export const Localized = t.partial({ fr: ProfileText, de: ProfileText, it: ProfileText, en: ProfileText }, 'Localized');
export type Localized = t.TypeOf<typeof Localized>;

/** The colour tokens the style sheet draws with (src/styles/site.css's custom properties). */
export const Colours = t.type(
  {
    /** The page's background, and the header's (`#fff` in the sheet). */
    background: HexColour,
    /** Text, the header's name, the footer's and the dark buttons' fill (`--ink`). */
    text: HexColour,
    /** Secondary text, placeholders, field borders (`--muted`). */
    muted: HexColour,
    /** Panels and the navigation bar (`--surface`). */
    surface: HexColour,
    /** Separators and card borders, which carry no meaning of their own (`--line`). */
    line: HexColour,
    /** Links (`--link`), and the fill of the directory's current letter. */
    link: HexColour,
    /** The brand's colour: the header's rule, the current page's bar, a chosen news category's fill (`--brand`). */
    brand: HexColour,
    /** Links and buttons hovered (`--brand-dark`). */
    brandDark: HexColour,
    /** The focus ring's outline, drawn with a halo of `text` around it (`--focus`). */
    focus: HexColour,
    /** Text on the dark fills: the footer, the buttons, the chosen toggles (`#fff` in the sheet). */
    inverse: HexColour,
  },
  'Colours',
);
export type Colours = t.TypeOf<typeof Colours>;

/** The name of a colour token. */
export type ColourToken = keyof Colours;

/** The sections of the site, each switched on or off. */
export const Sections = t.type(
  {
    agenda: t.boolean,
    directory: t.boolean,
    /** The interests register on the directory's contacts (and found by the site search); needs `directory`. */
    interestsRegister: t.boolean,
    news: t.boolean,
    /** The shop and the cart, together. */
    shop: t.boolean,
    search: t.boolean,
    openData: t.boolean,
  },
  'Sections',
);
export type Sections = t.TypeOf<typeof Sections>;

/** `site.json`: a site profile's settings. */
export const SiteProfileSettings = t.type(
  {
    institution: t.type({
      name: t.type({ full: Localized, short: Localized }),
      /** The office that answers (the footer's first line under the name, the legal notice's publisher). */
      office: Localized,
    }),
    languages: ProfileLanguages,
    sections: Sections,
    colours: Colours,
    contact: t.type({
      postalAddress: PostalAddress,
      phone: t.type({ shown: ProfileText, dialled: DialledPhone }),
      email: t.type({ general: EmailAddress, dataProtection: EmailAddress, accessibility: EmailAddress, orders: EmailAddress }),
    }),
    openData: t.type({
      publisher: t.type({ name: ProfileText, email: EmailAddress, id: PublisherId }),
      datasets: t.type({ agenda: Localized, directory: Localized, news: Localized, publications: Localized }),
    }),
    identifiers: t.type({ authority: DomainName }),
    agendaId: AgendaId,
    newsScope: NewsScope,
  },
  'SiteProfileSettings',
);
export type SiteProfileSettings = t.TypeOf<typeof SiteProfileSettings>;

/** The institution's own texts, one Markdown file each under `texts/{language}/`. */
export const PROFILE_TEXTS = {
  legalNotice: 'legal-notice.md',
  privacy: 'privacy.md',
  /** The institution's parts of the accessibility statement: known limits, contact, date of the last review. */
  accessibility: 'accessibility.md',
  homeIntro: 'home-intro.md',
} as const;

/** The name of one of a profile's texts. */
export type ProfileTextName = keyof typeof PROFILE_TEXTS;

/** A text as written, and as the HTML the site's sanitizer keeps whole. */
export interface ProfileMarkdown {
  readonly markdown: string;
  readonly html: string;
}

/** A profile the server may use. */
export interface SiteProfile {
  readonly folder: string;
  readonly settings: SiteProfileSettings;
  /** `emblem.svg`, sanitized. */
  readonly emblem: string;
  /** Each language offered, with its texts. */
  readonly texts: Readonly<Partial<Record<Language, Readonly<Record<ProfileTextName, ProfileMarkdown>>>>>;
}

/**
 * The words of `words` in `language`, or in the profile's default language when that one is not
 * offered (the feeds and the catalogue name every language, a profile holds the offered ones).
 */
export const wordsIn = (
  settings: { readonly languages: { readonly offered: readonly Language[]; readonly default: Language } },
  words: Readonly<Partial<Record<Language, string>>>,
  language: Language,
): string =>
  words[language] ?? words[settings.languages.default] ?? settings.languages.offered.map((offered) => words[offered]).find((word) => word !== undefined) ?? '';
