import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import { DIST } from '../support/rendered-pages';
import { demoIdentityStrings, stringsFound } from '../support/profile-strings';
import { ensureServerBuilt, SERVER_MAIN } from '../support/server-child';

jest.setTimeout(120_000);

// One build serves any profile: the institution comes from SITE_PROFILE at start, so neither the
// built site (dist/, made by `npm run build` before these tests) nor the compiled server may hold
// the demo's identity. The demo's content generator (server/operations/demo-content.ts) writes the
// demo's data, not its identity, and is compiled into the seed's command only, never into main.cjs.

// The built files a browser reads as text; the compressed copies are the same files.
const TEXT_FILE = /\.(?:html|js|css|json|svg|map|webmanifest|txt|xml)$/;

const textFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return textFiles(path);
    return TEXT_FILE.test(entry.name) ? [path] : [];
  });

const DEMO = demoIdentityStrings(defaultSiteProfile());

describe('one build for any profile', () => {
  it('reads the demo’s identity from its profile: names, postal lines, phone, e-mails, colours, authority', () => {
    expect(DEMO).toEqual(
      expect.arrayContaining(['Canton de Valmont', 'Place du Château 1', '+41270001000', 'chancellerie@canton.example', '#b0122a', 'canton-de-valmont.example']),
    );
  });

  it('leaves nothing of the demo’s identity in dist/', () => {
    const files = textFiles(DIST);
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) => {
      const strings = stringsFound(readFileSync(file, 'utf8'), DEMO);
      return strings.length === 0 ? [] : [`${relative(DIST, file)}: ${strings.join(', ')}`];
    });
    expect(found).toEqual([]);
  });

  it('leaves nothing of the demo’s identity in the compiled server (build/server/main.cjs)', () => {
    ensureServerBuilt();
    expect(stringsFound(readFileSync(SERVER_MAIN, 'utf8'), DEMO)).toEqual([]);
  });
});
