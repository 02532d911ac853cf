import { resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { exportedScriptFiles, runScript } from '../playwright/run-scripts';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

// The scripts `npm run paths -- --playwright` exported, each run as a tester would run it against a
// live site: here the built site and its server, each script in a fresh browser context.
jest.setTimeout(120_000);

const ROOT = resolve(__dirname, '../..');
let site: RunningSite;
let browser: Browser;
openForSuite((opened) => ({ site, browser } = opened));

describe('the exported Playwright scripts, against the built site', () => {
  it('are there, a script a covering path of every driven machine', () => {
    expect(exportedScriptFiles(ROOT).length).toBeGreaterThan(0);
  });

  it.each(exportedScriptFiles(ROOT))('%s passes', (file) => runScript(browser, ROOT, file, site.url));
});
