import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { SCRIPTS_DIR } from './export-scripts';

/** An exported script, loaded: what it exports. */
interface ScriptModule {
  readonly run: (page: Page, site: string) => Promise<void>;
}

/** The exported scripts on disk, by their file under SCRIPTS_DIR, in order. */
export const exportedScriptFiles = (root: string): string[] => {
  const dir = resolve(root, SCRIPTS_DIR);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) =>
      readdirSync(join(dir, entry.name))
        .filter((file) => file.endsWith('.ts'))
        .map((file) => `${entry.name}/${file}`),
    )
    .sort();
};

/** Runs one exported script against the site at `site`, in a fresh browser context; rejects with what differed. */
export const runScript = async (browser: Browser, root: string, file: string, site: string): Promise<void> => {
  const script = (await import(resolve(root, SCRIPTS_DIR, file))) as ScriptModule;
  const context = await browser.newContext({ locale: 'fr-CH', timezoneId: 'Europe/Zurich' });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(8_000);
    await script.run(page, site);
  } finally {
    await context.close();
  }
};
