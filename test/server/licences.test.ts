import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { within } from '@testing-library/dom';
import * as t from 'io-ts';
import { LICENCES_PATH } from '../../src/views/site-info/site-info-view';
import { closeOpened } from '../support/close-opened';
import { decodeOrThrow } from '../support/demo-expectations';
import { injectClient, type TestClient } from '../support/http-client';
import { DIST, parseHtml, startRenderedSite, type RenderedSite } from '../support/rendered-pages';

// Issue 45: the licences of everything the browser and the server ship are gathered at build time
// (scripts/gather-licences.mjs) into a file the site serves and the legal notice links; a shipped
// package whose licence is missing or outside the set below fails here.

jest.setTimeout(120_000);

/**
 * The licences the site may ship under (SPDX ids). Each is permissive, so the MIT-licensed site
 * owes nothing but the notices the file carries. LGPL-3.0-or-later is libvips's (sharp's image
 * library), a shared library loaded at run time and shipped unmodified: allowed for that package alone.
 */
const ALLOWED = new Set(['MIT', 'MIT-0', 'ISC', 'BSD-2-Clause', 'BSD-3-Clause', 'Apache-2.0', '0BSD', 'BlueOak-1.0.0']);
const LGPL_ALLOWED = '@img/sharp-libvips-';

/**
 * Whether an SPDX expression is allowed: one id, or ids joined by OR (one allowed is enough) or by
 * AND (each must be). Anything else (nesting, WITH, a licence file's name) is refused, so read anew.
 */
const allowed = (name: string, expression: string): boolean => {
  const plain = expression.replace(/^\((.*)\)$/, '$1').trim();
  const ok = (id: string) => ALLOWED.has(id) || (id === 'LGPL-3.0-or-later' && name.startsWith(LGPL_ALLOWED));
  if (/[()]/.test(plain)) return false;
  if (plain.includes(' OR ')) return plain.split(' OR ').some((id) => ok(id.trim()));
  return plain.split(' AND ').every((id) => ok(id.trim()));
};

const ShippedPackage = t.type({
  name: t.string,
  version: t.string,
  licence: t.string,
  shippedIn: t.array(t.keyof({ browser: null, server: null })),
  licenceFile: t.union([t.string, t.null]),
  text: t.union([t.string, t.null]),
});

const shipped = decodeOrThrow(t.array(ShippedPackage), JSON.parse(readFileSync(join(DIST, 'licences.json'), 'utf8')));
const manifest = decodeOrThrow(t.type({ dependencies: t.record(t.string, t.string) }), JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')));
const namesIn = (where: 'browser' | 'server'): string[] => shipped.filter((item) => item.shippedIn.includes(where)).map((item) => item.name);

describe('the licences of what the site ships', () => {
  it('holds an allowed licence for every shipped package', () => {
    const refused = shipped.filter((item) => !allowed(item.name, item.licence)).map((item) => `${item.name}@${item.version}: ${item.licence}`);
    expect(refused).toEqual([]);
  });

  it('reads an expression as SPDX does, and refuses what it does not know', () => {
    expect(allowed('a', '(MPL-2.0 OR Apache-2.0)')).toBe(true);
    expect(allowed('a', 'MIT AND ISC')).toBe(true);
    expect(allowed('a', 'MIT AND GPL-3.0-only')).toBe(false);
    expect(allowed('a', 'UNKNOWN')).toBe(false);
    expect(allowed('a', 'Custom: LICENSE')).toBe(false);
    expect(allowed('a', '(MIT OR (GPL-2.0 AND ISC))')).toBe(false);
    expect(allowed('a', 'LGPL-3.0-or-later')).toBe(false);
    expect(allowed('@img/sharp-libvips-linux-x64', 'LGPL-3.0-or-later')).toBe(true);
  });

  it("lists every production dependency as the server's, and the libraries the pages' scripts bundle as the browser's", () => {
    expect(namesIn('server')).toEqual(expect.arrayContaining(Object.keys(manifest.dependencies)));
    expect(namesIn('browser')).toEqual(expect.arrayContaining(['react', 'react-dom', 'xstate', 'rxjs', 'io-ts', 'fp-ts', 'dompurify', '@formatjs/intl', 'tslib']));
    // What only builds or tests the site is not shipped.
    expect(shipped.map((item) => item.name)).not.toContain('jest');
    expect(shipped.map((item) => item.name)).not.toContain('parcel');
    expect(shipped.map((item) => item.name)).not.toContain('institution-site');
  });

  it('carries each licence text the packages publish (a README section when they have no licence file)', () => {
    const withoutText = shipped.filter((item) => item.text === null || item.text.length < 20).map((item) => item.name);
    // esbuild's binary of this platform and saxes publish neither a licence file nor a README section on it: their package.json names the licence.
    expect(withoutText.filter((name) => !name.startsWith('@esbuild/'))).toEqual(['saxes']);
    const react = shipped.find((item) => item.name === 'react');
    expect(react?.text).toMatch(/Permission is hereby granted, free of charge/);
  });
});

describe('the licences file on the site', () => {
  let site: RenderedSite;
  let client: TestClient;

  beforeAll(async () => {
    site = await startRenderedSite();
    client = await injectClient(site.app);
  });

  afterAll(async () => {
    await closeOpened(site);
  });

  it('is served as text, compressed when asked, with each package, its version and licence', async () => {
    const plain = await client.get(LICENCES_PATH);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(plain.text).toBe(readFileSync(join(DIST, 'licences.txt'), 'utf8'));
    for (const item of shipped) expect(plain.text).toContain(`${item.name} ${item.version}\nLicence: ${item.licence}\n`);
    const compressed = await client.getBytes(LICENCES_PATH, { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.body).toString('utf8')).toBe(plain.text);
  });

  it.each([
    ['/mentions-legales/', 'la liste de ces logiciels et le texte de leurs licences (fichier texte, en anglais)'],
    ['/de/mentions-legales/', 'die Liste dieser Software und der Wortlaut ihrer Lizenzen (Textdatei, auf Englisch)'],
    ['/it/mentions-legales/', 'l’elenco di questi software e il testo delle loro licenze (file di testo, in inglese)'],
    ['/en/mentions-legales/', 'the list of that software and the text of its licences (plain text)'],
  ])('is linked from the legal notice at %s, in its language', async (path, label) => {
    const answer = await client.get(path);
    expect(answer.status).toBe(200);
    const main = parseHtml(answer.text).querySelector('main');
    expect(main).not.toBeNull();
    expect(within(main!).getByRole('link', { name: label }).getAttribute('href')).toBe(LICENCES_PATH);
  });
});
