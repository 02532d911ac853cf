import { join, resolve } from 'node:path';
import type { Browser } from 'playwright-core';
import { DRIVERS } from '../playwright/drivers';
import { SCRIPTS_DIR, scriptFilesOf, writeScripts } from '../playwright/export-scripts';
import { exportedScriptFiles, runScript } from '../playwright/run-scripts';
import { openForSuite } from '../support/browser-suite';
import type { RunningSite } from '../support/site';

// The scripts `npm run paths -- --playwright` exports, each run as a tester would run it against a live site: here
// the built site and its server, each script in a fresh browser context. They are not kept in git, so the test
// exports them first, where the command writes them (their imports are relative to that folder).
jest.setTimeout(120_000);

const ROOT = resolve(__dirname, '../..');
const FILES = DRIVERS.flatMap(scriptFilesOf);
let site: RunningSite;
let browser: Browser;
beforeAll(() => writeScripts(join(ROOT, SCRIPTS_DIR), DRIVERS));
openForSuite((opened) => ({ site, browser } = opened));

describe('the exported Playwright scripts, against the built site', () => {
  it('are there, a script a covering path of every driven machine', () => {
    expect(FILES.length).toBeGreaterThan(0);
    expect(exportedScriptFiles(ROOT)).toEqual([...FILES].sort());
  });

  it.each(FILES)('%s passes', (file) => runScript(browser, ROOT, file, site.url));
});
