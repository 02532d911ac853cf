import fc from 'fast-check';
import type { Browser } from 'playwright-core';
import { internalPath } from '../../src/domain/safe-links';
import { launchBrowser } from '../support/browser';
import { closeOpened } from '../support/close-opened';
import { hostileLinks } from '../support/hostile-links';

jest.setTimeout(120_000);

// Two sites, so a verdict cannot lean on one host name or scheme.
const BASES = ['https://site.example/actualites/', 'http://canton.example:8080/de/agenda/12/'];

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await closeOpened(browser);
});

/** Chromium's own resolution of each string against each base: the origin and path, or null when it refuses to parse. */
const chromiumResolutions = async (raws: readonly string[]): Promise<({ origin: string; path: string } | null)[][]> => {
  const page = await browser.newPage();
  try {
    await page.goto('about:blank');
    return await page.evaluate(
      ({ raws, bases }) =>
        raws.map((raw) =>
          bases.map((base) => {
            try {
              const url = new URL(raw, base);
              return { origin: url.origin, path: `${url.pathname}${url.search}${url.hash}` };
            } catch {
              return null;
            }
          }),
        ),
      { raws: [...raws], bases: BASES },
    );
  } finally {
    await page.close();
  }
};

describe("internal links against Chromium's URL parser", () => {
  it('accepts a string only when Chromium resolves it, and its normalised path, to the same page of the same site', async () => {
    const raws = [
      '/\\evil.example/',
      '//evil.example/',
      '/\t/evil.example/',
      '/.//evil.example/',
      '/..//evil.example/',
      '\\\\evil.example',
      '/%2f%2fevil.example',
      '/\uff0fevil.example',
      '/actualites/',
      ...fc.sample(hostileLinks, { numRuns: 2000, seed: 17 }),
    ];
    const accepted = raws.map((raw) => [raw, internalPath(raw)] as const).filter((pair): pair is readonly [string, string] => pair[1] !== null);
    const [rawResolutions, pathResolutions] = await Promise.all([chromiumResolutions(raws), chromiumResolutions(accepted.map(([, path]) => path))]);
    const rawOrigins = rawResolutions.map((row) => row.map((resolution) => resolution?.origin ?? null));
    const pathOrigins = pathResolutions.map((row) => row.map((resolution) => resolution?.origin ?? null));
    const expected = BASES.map((base) => new URL(base).origin);
    const leaks = raws.flatMap((raw, index) =>
      internalPath(raw) !== null && rawOrigins[index]!.some((origin, base) => origin !== expected[base]) ? [JSON.stringify(raw)] : [],
    );
    const pathLeaks = accepted.flatMap(([raw, path], index) =>
      pathOrigins[index]!.some((origin, base) => origin !== expected[base]) ? [`${JSON.stringify(raw)} → ${JSON.stringify(path)}`] : [],
    );
    // Chromium reaches the same page from the function's path as from the raw text, so the link
    // leads where the content meant (Chromium escapes `|` and `^` where Node does not: compared in Chromium).
    const differences = accepted.flatMap(([raw], index) => {
      const [fromRaw, fromPath] = [rawResolutions[raws.indexOf(raw)]![0]!.path, pathResolutions[index]![0]!.path];
      return fromRaw === fromPath ? [] : [`${JSON.stringify(raw)}: ${fromRaw} ≠ ${fromPath}`];
    });
    expect([leaks, pathLeaks, differences]).toEqual([[], [], []]);
    // The finding itself: Chromium reads `/\evil.example/` as another host, and the function refuses it.
    expect(rawOrigins[0]).toEqual(['https://evil.example', 'http://evil.example']);
    expect(internalPath('/\\evil.example/')).toBeNull();
    expect(accepted.length).toBeGreaterThan(100);
  });
});
