import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isLeft } from 'fp-ts/Either';
import type { Language } from '../../src/domain/language';
import { PROFILE_TEXTS, type SiteProfile } from '../../src/domain/site-profile';
import { DEMO_PROFILE_FOLDER, SettingError } from '../settings';
import type { ContrastRow } from './colour-contrast';
import { profileMarkup, type ProfileMarkup } from './profile-markup';
import { refusalText, type Refusal } from './refusal';
import { checkSiteSettings, contrastOf, offeredLanguagesOf } from './site-profile-check';

/**
 * A site profile read from its folder (`SITE_PROFILE`) and checked as a whole before the server
 * opens its database: `site.json` decoded, the emblem sanitized, the Markdown texts of each
 * language offered rendered and sanitized. Any refusal stops the start with one line naming the
 * folder and each field or file, exit 2, as every other setting (server/settings.ts).
 */

/** What reading a profile found: the profile when nothing is refused, and the contrast of its colours whenever they decode. */
export interface ProfileReport {
  readonly folder: string;
  readonly profile: SiteProfile | null;
  readonly refusals: readonly Refusal[];
  readonly contrast: readonly ContrastRow[] | null;
}

// The header inlines the emblem in every page: a drawing larger than this is an export's leftovers.
const MAX_EMBLEM_BYTES = 64 * 1024;

const readFile = (path: string): string | null => (existsSync(path) && statSync(path).isFile() ? readFileSync(path, 'utf8') : null);

const parsedSettings = (folder: string): { json: unknown; refusals: readonly Refusal[] } => {
  const text = readFile(join(folder, 'site.json'));
  if (text === null) return { json: undefined, refusals: [{ path: 'site.json', why: 'missing' }] };
  try {
    return { json: JSON.parse(text) as unknown, refusals: [] };
  } catch (error) {
    return { json: undefined, refusals: [{ path: 'site.json', why: `not JSON (${error instanceof Error ? error.message : String(error)})` }] };
  }
};

const checkedEmblem = (folder: string, markup: ProfileMarkup): { svg: string | null; refusals: readonly Refusal[] } => {
  const path = join(folder, 'emblem.svg');
  const text = readFile(path);
  if (text === null) return { svg: null, refusals: [{ path: 'emblem.svg', why: 'missing' }] };
  if (statSync(path).size > MAX_EMBLEM_BYTES) return { svg: null, refusals: [{ path: 'emblem.svg', why: `larger than ${MAX_EMBLEM_BYTES / 1024} KiB` }] };
  const checked = markup.emblem(text);
  return isLeft(checked) ? { svg: null, refusals: checked.left.map((why) => ({ path: 'emblem.svg', why })) } : { svg: checked.right, refusals: [] };
};

const checkedTexts = (folder: string, languages: readonly Language[], markup: ProfileMarkup): { texts: SiteProfile['texts']; refusals: readonly Refusal[] } => {
  const refusals: Refusal[] = [];
  const texts = Object.fromEntries(
    languages.map((language) => [
      language,
      Object.fromEntries(
        Object.entries(PROFILE_TEXTS).map(([name, file]) => {
          const path = `texts/${language}/${file}`;
          const markdown = readFile(join(folder, path));
          if (markdown === null) {
            refusals.push({ path, why: 'missing' });
            return [name, { markdown: '', html: '' }];
          }
          const checked = markup.markdown(markdown);
          if (isLeft(checked)) {
            refusals.push(...checked.left.map((why) => ({ path, why })));
            return [name, { markdown, html: '' }];
          }
          return [name, { markdown, html: checked.right }];
        }),
      ),
    ]),
  ) as SiteProfile['texts'];
  return { texts, refusals };
};

/** Reads and checks the profile in `folder` (absolute), gathering every refusal rather than stopping at the first. */
export const readSiteProfile = (folder: string): ProfileReport => {
  if (!existsSync(folder) || !statSync(folder).isDirectory()) {
    return { folder, profile: null, contrast: null, refusals: [{ path: '', why: 'no such folder (a site profile holds site.json, emblem.svg and texts/)' }] };
  }
  const parsed = parsedSettings(folder);
  const settings = parsed.refusals.length > 0 ? null : checkSiteSettings(parsed.json);
  const markup = profileMarkup();
  try {
    const emblem = checkedEmblem(folder, markup);
    // The texts of the languages the file offers, even when another of its fields is refused.
    const texts = checkedTexts(folder, offeredLanguagesOf(parsed.json), markup);
    const refusals = [...parsed.refusals, ...(settings !== null && isLeft(settings) ? settings.left : []), ...emblem.refusals, ...texts.refusals];
    const profile =
      refusals.length === 0 && settings !== null && !isLeft(settings) && emblem.svg !== null
        ? { folder, settings: settings.right, emblem: emblem.svg, texts: texts.texts }
        : null;
    return { folder, profile, refusals, contrast: contrastOf(parsed.json) };
  } finally {
    markup.close();
  }
};

/** The one line that refuses a profile: `SITE_PROFILE=/srv/profile: colours.link: contrast 3.2:1 with colours.background, needs 4.5:1 (…); …`. */
export const profileRefusalLine = ({ folder, refusals }: Pick<ProfileReport, 'folder' | 'refusals'>): string =>
  `SITE_PROFILE=${folder}: ${refusals.map(refusalText).join('; ')}`;

/** The profile in `folder`, checked; throws a `SettingError` of one line when anything in it is refused. */
export const loadSiteProfile = (folder: string): SiteProfile => {
  const report = readSiteProfile(folder);
  if (report.profile === null) throw new SettingError(profileRefusalLine(report));
  return report.profile;
};

let demoProfile: SiteProfile | null = null;

/** The demo's profile, read and checked once per process: what an app built without one (tests, benches) serves. */
export const defaultSiteProfile = (): SiteProfile => {
  demoProfile ??= loadSiteProfile(resolve(DEMO_PROFILE_FOLDER));
  return demoProfile;
};
