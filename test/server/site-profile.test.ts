import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import { isLeft, isRight } from 'fp-ts/Either';
import { JSDOM } from 'jsdom';
import { DATASETS } from '../../src/domain/open-data-catalogue';
import { siteProfileSchema } from '../../src/domain/site-profile-schema';
import { PROFILE_TEXTS } from '../../src/domain/site-profile';
import { colourRule, COLOUR_PROPERTIES } from '../../src/domain/site-identity';
import { contrastRows, contrastTable, ratioText } from '../../server/profile/colour-contrast';
import { loadSiteProfile, readSiteProfile } from '../../server/profile/load-site-profile';
import { profileMarkup } from '../../server/profile/profile-markup';
import { SettingError } from '../../server/settings';
import { LANGUAGES } from '../../src/domain/language';
import { ROOT } from '../support/server-child';

// A site profile is read and checked, not trusted: the demo's is accepted and says what the code
// says today; each kind of mistake is refused with the field or file it is about, and exit 2 from
// `npm run profile -- check`, as from the server's start (test/server/settings.test.ts).

jest.setTimeout(120_000);

const DEMO = join(ROOT, 'profiles/valmont');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const COMMAND = join(ROOT, 'server/profile/profile-command.ts');

const folders: string[] = [];
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A copy of the demo's profile, changed by `change` (its folder given). */
const demoCopy = (change: (folder: string) => void): string => {
  const folder = mkdtempSync(join(tmpdir(), 'profile-'));
  folders.push(folder);
  cpSync(DEMO, folder, { recursive: true });
  change(folder);
  return folder;
};

type Json = Record<string, unknown>;
const withSettings = (edit: (settings: Json) => void) => (folder: string) => {
  const path = join(folder, 'site.json');
  const settings = JSON.parse(readFileSync(path, 'utf8')) as Json;
  edit(settings);
  writeFileSync(path, JSON.stringify(settings));
};
const part = (settings: Json, key: string): Json => settings[key] as Json;

/** `npm run profile -- check <folder>`, as its script runs it (tsx), without npm's own lines. */
const check = (folder: string): Promise<{ status: number | null; stdout: string; stderr: string }> =>
  new Promise((done) => {
    const child = spawn(TSX, [COMMAND, 'check', folder], { cwd: ROOT });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('close', (status) => done({ status, stdout, stderr }));
  });

const textOf = (html: string): string => JSDOM.fragment(html).textContent.replace(/\s+/g, ' ');

describe("the demo's profile (profiles/valmont)", () => {
  const profile = loadSiteProfile(DEMO);

  it("holds the demo canton's identity, which no file of the code holds any more", () => {
    const { settings } = profile;
    expect(settings.institution.name.full.fr).toBe('Canton de Valmont');
    expect(settings.contact.postalAddress).toEqual(['Place du Château 1', '1990 Valmont']);
    expect(settings.contact.phone).toEqual({ shown: '+41 27 000 10 00', dialled: '+41270001000' });
    expect(settings.contact.email).toMatchObject({ general: 'chancellerie@canton.example', orders: 'publications@valmont.example' });
    expect(settings.openData.datasets).toEqual(Object.fromEntries(DATASETS.map((dataset) => [dataset.id, dataset.title])));
    expect(settings.agendaId).toBe(1);
    expect(settings.newsScope).toBe('actualites');
    expect(settings.languages).toEqual({ offered: [...LANGUAGES], default: 'fr' });
    expect(Object.values(settings.sections).every(Boolean)).toBe(true);
    // The sheets set no colour of their own on screen (paper is black on white): the pages give them the profile's (`colourRule`).
    const sheet = readFileSync(join(ROOT, 'src/styles/site.css'), 'utf8').split('@media print')[0] ?? '';
    for (const property of Object.values(COLOUR_PROPERTIES)) expect(sheet).not.toMatch(new RegExp(`^\\s*${property}:`, 'm'));
    expect(colourRule(settings.colours)).toBe(
      ':root{--background:#ffffff;--ink:#1d1d1f;--muted:#4a4a4f;--surface:#f4f4f6;--line:#d3d3d8;--link:#0b4fa8;--brand:#b0122a;--brand-dark:#7d0c1e;--focus:#ffbf47;--inverse:#ffffff}',
    );
  });

  it('keeps the emblem the header draws and the favicon shows, sanitized', () => {
    expect(profile.emblem).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 36 36">/);
    expect(profile.emblem).toContain('clip-path="url(#valmont-shield)"');
  });

  it.each(LANGUAGES.map((language) => [language]))('has its four texts in %s, the privacy and accessibility ones naming its own addresses', (language) => {
    const texts = profile.texts[language]!;
    expect(Object.keys(texts).sort()).toEqual(Object.keys(PROFILE_TEXTS).sort());
    const { dataProtection, accessibility } = profile.settings.contact.email;
    expect(texts.privacy.html).toContain(dataProtection);
    expect(texts.accessibility.html).toContain(`<a href="mailto:${accessibility}">${accessibility}</a>`);
    expect(textOf(texts.homeIntro.html).trim()).not.toBe('');
  });

  it('draws every colour pair at or above WCAG 2.2 AA, as the table of `npm run profile -- check` shows', () => {
    const rows = contrastRows(profile.settings.colours);
    expect(rows.every((row) => row.passes)).toBe(true);
    const table = contrastTable(rows).split('\n');
    expect(table[0]).toMatch(/^\s+ratio\s+needs\s+colours\s+drawn as$/);
    expect(table).toContain("ok  16.82:1  4.5:1  text #1d1d1f on background #ffffff       text, the header's name and the navigation");
    expect(table.some((line) => /^ok {2}10\.25:1 {2}3:1 {4}focus #ffbf47 on text #1d1d1f/.test(line))).toBe(true);
    // As an operator runs it: npm's script, tsx, the command.
    const run = spawnSync('npm', ['run', '--silent', 'profile', '--', 'check', 'profiles/valmont'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(table.join('\n'));
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe('profile OK');
    expect(run.status).toBe(0);
  });

  it('validates against the published schema, which docs/site-profile.schema.json holds as generated', () => {
    const schema = siteProfileSchema();
    expect(readFileSync(join(ROOT, 'docs/site-profile.schema.json'), 'utf8')).toBe(`${JSON.stringify(schema, null, 2)}\n`);
    const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);
    expect(validate(JSON.parse(readFileSync(join(DEMO, 'site.json'), 'utf8')))).toBe(true);
    expect(validate.errors ?? []).toEqual([]);
  });
});

const setLink = withSettings((settings) => void (part(settings, 'colours')['link'] = '#8a9bb0'));

// Each kind of mistake the issue names, made in a copy of the demo's profile, and what the refusal says.
const REFUSALS: readonly (readonly [string, (folder: string) => void, RegExp])[] = [
  [
    'a folder that does not exist',
    (folder: string) => rmSync(folder, { recursive: true }),
    /^no such folder \(a site profile holds site\.json, emblem\.svg and texts\/\)$/m,
  ],
  ['colours below contrast', setLink, /^colours\.link: contrast 2\.83:1 with colours\.background, needs 4\.5:1 \(links and the language switch\)$/m],
  [
    'an emblem with a script',
    (folder: string) => writeFileSync(join(folder, 'emblem.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect/></svg>'),
    /^emblem\.svg: <script> is not allowed$/m,
  ],
  [
    'an emblem that loads another file',
    (folder: string) => writeFileSync(join(folder, 'emblem.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><image href="https://tracker.example/p.png"/></svg>'),
    /^emblem\.svg: a reference outside the file \("https:\/\/tracker\.example\/p\.png" in href of <image>\)$/m,
  ],
  [
    'a default language not offered',
    withSettings((settings) => void (settings['languages'] = { offered: ['fr', 'it'], default: 'de' })),
    /^languages\.default: "de" is not offered \(languages\.offered: fr, it\)$/m,
  ],
  [
    'an unknown language',
    withSettings((settings) => void (settings['languages'] = { offered: ['fr', 'rm'], default: 'fr' })),
    /^languages\.offered\.1: expected one of fr, de, it, en \(got "rm"\)$/m,
  ],
  [
    'every section off',
    withSettings((settings) => void (settings['sections'] = Object.fromEntries(Object.keys(part(settings, 'sections')).map((name) => [name, false])))),
    /^sections: every section is off: switch on at least one of agenda, directory, news, shop, search, openData$/m,
  ],
];

describe('a profile refused', () => {
  // The commands run side by side: each one starts tsx and a DOM, seconds apiece.
  const runs = new Map<string, Promise<{ folder: string; status: number | null; stderr: string }>>();
  beforeAll(() => {
    for (const [what, change] of REFUSALS) {
      const folder = demoCopy(change);
      runs.set(
        what,
        check(folder).then(({ status, stderr }) => ({ folder, status, stderr })),
      );
    }
  });

  it.each(REFUSALS)('%s: `npm run profile -- check` names the field and exits 2, as the loader refuses it', async (what, _change, refusal) => {
    const { folder, status, stderr } = await runs.get(what)!;
    expect(stderr).toMatch(refusal);
    expect(stderr.trimEnd().split('\n').at(-1)).toMatch(/^profile refused: \d+ problems?$/);
    expect(status).toBe(2);
    // The server's start says the same in one line that names the folder (SettingError: exit 2, server/main.ts).
    expect(() => loadSiteProfile(folder)).toThrow(SettingError);
    expect(() => loadSiteProfile(folder)).toThrow(new RegExp(`^SITE_PROFILE=${folder}: `));
  });

  it('names every refusal in one line, joined, for the start', () => {
    const folder = demoCopy((copy) => {
      setLink(copy);
      withSettings((settings) => void (part(part(settings, 'contact'), 'email')['orders'] = 'publications'))(copy);
      rmSync(join(copy, 'texts/de/privacy.md'));
    });
    let line = '';
    try {
      loadSiteProfile(folder);
    } catch (error) {
      line = error instanceof Error ? error.message : '';
    }
    expect(line).not.toContain('\n');
    expect(line.split('; ').map((refusal) => refusal.replace(`SITE_PROFILE=${folder}: `, '').split(':')[0])).toEqual([
      'contact.email.orders',
      'colours.link',
      'colours.link',
      'colours.inverse',
      'texts/de/privacy.md',
    ]);
  });

  it('asks a name of each language offered, and the directory of the interests register', () => {
    const folder = demoCopy(
      withSettings((settings) => {
        const names = part(part(settings, 'institution'), 'name');
        names['short'] = { fr: 'Valmont', it: 'Valmont', en: 'Valmont' };
        settings['sections'] = { ...part(settings, 'sections'), directory: false };
      }),
    );
    expect(readSiteProfile(folder).refusals).toEqual([
      { path: 'institution.name.short.de', why: 'missing, and "de" is offered' },
      { path: 'sections.interestsRegister', why: 'on, but the directory that shows it is off (sections.directory)' },
    ]);
  });

  it('cuts a ratio, never rounds it up: 4.499:1 fails 4.5:1', () => {
    expect(ratioText(4.499)).toBe('4.49:1');
    expect(ratioText(21)).toBe('21:1');
  });
});

describe("the emblem's check", () => {
  const markup = profileMarkup();
  afterAll(() => markup.close());
  const refusals = (svg: string): readonly string[] => {
    const checked = markup.emblem(svg);
    return isLeft(checked) ? checked.left : [];
  };
  const svg = (inner: string, attributes = ''): string =>
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 36 36"${attributes}>${inner}</svg>`;

  it.each([
    ['<script>', svg('<script>alert(1)</script>'), '<script> is not allowed'],
    ['an event attribute', svg('<rect/>', ' onload="alert(1)"'), 'the attribute onload of <svg> is not allowed'],
    [
      'an xlink:href outside the file',
      svg('<image xlink:href="http://tracker.example/p.png"/>'),
      'a reference outside the file ("http://tracker.example/p.png" in xlink:href of <image>)',
    ],
    [
      'an href outside the file',
      svg('<use href="https://tracker.example/s.svg#a"/>'),
      'a reference outside the file ("https://tracker.example/s.svg#a" in href of <use>)',
    ],
    [
      'a url() outside the file',
      svg('<rect fill="url(https://tracker.example/p.svg#g)"/>'),
      'a reference outside the file ("url(https://tracker.example/p.svg#g)" in fill of <rect>)',
    ],
    ['an @import', svg('<style>@import "https://tracker.example/s.css";</style>'), 'a reference outside the file (@import in <style>)'],
    ['<foreignObject>', svg('<foreignObject><div>x</div></foreignObject>'), '<foreignObject> is not allowed'],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>'), 'the attribute href of <a> is not allowed'],
    ['HTML instead of SVG', '<p>an emblem</p>', 'not one SVG image (one <svg> element, and nothing beside it)'],
  ])('refuses %s', (_what, source, reason) => {
    expect(refusals(source)).toContain(reason);
  });

  it('keeps a drawing that refers to itself only, an XML declaration left out', () => {
    const checked = markup.emblem(`<?xml version="1.0" encoding="UTF-8"?>\n${svg('<defs><path id="a" d="M0 0h9v9z"/></defs><use href="#a" fill="url(#a)"/>')}`);
    expect(isRight(checked) && checked.right).toMatch(
      /^<svg [^>]*><defs><path id="a" d="M0 0h9v9z"><\/path><\/defs><use href="#a" fill="url\(#a\)"><\/use><\/svg>$/,
    );
  });
});

describe("the Markdown texts' check", () => {
  const markup = profileMarkup();
  afterAll(() => markup.close());
  const refusals = (text: string): readonly string[] => {
    const checked = markup.markdown(text);
    return isLeft(checked) ? checked.left : [];
  };

  it.each([
    ['raw <script>', 'Bonjour.\n\n<script>alert(1)</script>\n', "<script> would be removed by the site's sanitizer"],
    ['raw <iframe>', '<iframe src="https://video.example/v"></iframe>\n', "<iframe> would be removed by the site's sanitizer"],
    ['an event attribute', '<a href="https://www.ch.ch/" onclick="x()">ch.ch</a>\n', "the attribute onclick of <a> would be removed by the site's sanitizer"],
    ['a style attribute', '<p style="color:red">Rouge</p>\n', "the attribute style of <p> would be removed by the site's sanitizer"],
    [
      'a link the site shows as text',
      '[le règlement](reglement.pdf)\n',
      'the link "reglement.pdf" would show as text: a link is an http(s) address, a page of this site, mailto:, tel: or #…',
    ],
    ['an empty text', ' \n\n', 'empty'],
  ])('refuses %s', (_what, text, reason) => {
    expect(refusals(text)).toContain(reason);
  });

  it('renders Markdown and the raw HTML the sanitizer keeps; links keep their rel', () => {
    const checked = markup.markdown(
      '## Contact\n\nÉcrivez à <chancellerie@canton.example> ou lisez [ch.ch](https://www.ch.ch/) et <a href="https://www.admin.ch/" rel="external noopener">admin.ch</a>, [l’agenda](/agenda/).\n',
    );
    expect(isRight(checked) && checked.right).toBe(
      '<h2>Contact</h2>\n<p>Écrivez à <a href="mailto:chancellerie@canton.example">chancellerie@canton.example</a> ou lisez <a href="https://www.ch.ch/">ch.ch</a> et <a href="https://www.admin.ch/" rel="external noopener">admin.ch</a>, <a href="/agenda/">l’agenda</a>.</p>\n',
    );
  });
});
