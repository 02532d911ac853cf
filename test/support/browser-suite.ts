import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { closeOpened } from './close-opened';
import { startSite, type RunningSite } from './site';

/** What a file of browser tests opens for all its tests. */
export interface OpenedForSuite {
  readonly site: RunningSite;
  readonly browser: Browser;
}

/**
 * Opens a site and a browser before a file's tests and closes them after: `take` hands them to the
 * file's own variables. What did open is closed even when the other failed to.
 */
export const openForSuite = (take: (opened: OpenedForSuite) => void, start: () => Promise<RunningSite> = startSite): void => {
  let site: RunningSite | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([start(), launchBrowser()]);
    if (started.status === 'fulfilled') site = started.value;
    if (launched.status === 'fulfilled') browser = launched.value;
    if (started.status === 'rejected') throw started.reason;
    if (launched.status === 'rejected') throw launched.reason;
    take({ site: started.value, browser: launched.value });
  });
  afterAll(() => closeOpened(browser, site));
};
