import type { Language } from '../../src/domain/language';
import { siteIdentity } from '../../src/domain/site-identity';
import type { SiteProfile } from '../../src/domain/site-profile';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';

// White is every sheet's neutral (a background, the text on dark fills): no institution's own.
const NEUTRAL_COLOURS = new Set(['#ffffff']);

/**
 * What says who a profile's institution is: its names, office, postal lines, phone, e-mail addresses,
 * colours (but white), open-data publisher and identifier authority. A page or a build of another
 * profile must hold none of them.
 */
export const demoIdentityStrings = ({ settings }: Pick<SiteProfile, 'settings'>): string[] => {
  const { institution, contact, openData, colours, identifiers } = settings;
  const words = [institution.name.full, institution.name.short, institution.office].flatMap((localized) => Object.values(localized));
  return [
    ...new Set([
      ...words,
      ...contact.postalAddress,
      contact.phone.shown,
      contact.phone.dialled,
      ...Object.values(contact.email),
      ...Object.values(colours).filter((colour) => !NEUTRAL_COLOURS.has(colour.toLowerCase())),
      openData.publisher.name,
      openData.publisher.email,
      openData.publisher.id,
      identifiers.authority,
    ]),
  ];
};

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', quot: '"', lt: '<', gt: '>', apos: "'", nbsp: '\u00a0' };

/**
 * Text as a reader of it would see it: HTML's character references and JavaScript's escapes
 * (`\u2019`, `\xC9`, which esbuild writes for every character beyond ASCII) decoded, and every
 * kind of space a plain one, so that a string written either way is found.
 */
export const readableText = (text: string): string =>
  text
    .replace(/&(?:#x([0-9a-f]+)|#(\d+)|(\w+));/gi, (whole, hex?: string, decimal?: string, name?: string) =>
      hex !== undefined ? String.fromCodePoint(parseInt(hex, 16)) : decimal !== undefined ? String.fromCodePoint(Number(decimal)) : (ENTITIES[name ?? ''] ?? whole),
    )
    .replace(/\\u\{([0-9a-f]+)\}|\\u([0-9a-f]{4})|\\x([0-9a-f]{2})/gi, (_, long?: string, short?: string, byte?: string) =>
      String.fromCodePoint(parseInt(long ?? short ?? byte ?? '0', 16)),
    )
    .replace(/[\u00a0\u202f\u2009]/g, ' ');

/**
 * The strings of `strings` that `text` holds, read as a reader would (`readableText`): colours whatever
 * their case, words as written (the demo's folder, `profiles/valmont`, names no one).
 */
export const stringsFound = (text: string, strings: readonly string[]): string[] => {
  const readable = readableText(text);
  const lower = readable.toLowerCase();
  return strings.filter((string) => {
    const wanted = string.replace(/[\u00a0\u202f\u2009]/g, ' ');
    return /^#[0-9a-f]{6}$/i.test(wanted) ? lower.includes(wanted.toLowerCase()) : readable.includes(wanted);
  });
};

/** The demo's full name in a page's language, as its pages write it (the tests' server runs the demo's profile). */
export const demoName = (language: Language): string => siteIdentity(defaultSiteProfile(), language).name;
