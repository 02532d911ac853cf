import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

// The built site, as `npm run build` leaves it in dist/.
const DIST = resolve(__dirname, '../../dist');
const PAGES = ['index.html', 'agenda/index.html', 'annuaire/index.html', 'actualites/index.html', 'boutique/index.html', 'panier/index.html'];
const scripts = readdirSync(DIST).filter((name) => name.endsWith('.js'));

describe('the production build', () => {
  it.each(PAGES)('builds %s with its script as a hashed module and no inline script', (page) => {
    const html = readFileSync(join(DIST, page), 'utf8');
    const tags = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(tags.length).toBeGreaterThan(0);
    for (const [, attributes, body] of tags) {
      expect(attributes).toMatch(/type="?module"?/);
      expect(attributes).toMatch(/src="?\/[\w-]+\.[0-9a-f]{8}\.js"?/);
      expect(body!.trim()).toBe('');
    }
  });

  it('ships precompressed brotli and gzip copies of every script', () => {
    const names = new Set(readdirSync(DIST));
    for (const script of scripts) {
      expect([names.has(`${script}.br`), names.has(`${script}.gz`)]).toEqual([true, true]);
    }
  });

  it('ships no ICU message parser: the messages are precompiled', () => {
    // A string only the parser holds: its error for an unclosed argument.
    const withParser = scripts.filter((name) => readFileSync(join(DIST, name), 'utf8').includes('EXPECT_ARGUMENT_CLOSING_BRACE'));
    expect(withParser).toEqual([]);
  });

  it('ships no inspector: the XState inspector exists in the development build only', () => {
    const withInspector = scripts.filter((name) =>
      /stately\.ai|partysocket|createBrowserInspector|createWebSocketInspector/.test(readFileSync(join(DIST, name), 'utf8')),
    );
    expect(withInspector).toEqual([]);
  });

  it('loads only the shell on the home page: no React there', () => {
    // Parcel names the entry bundle after the checkout's folder: read it from the page.
    const entry = /src="?\/([\w-]+\.[0-9a-f]{8}\.js)/.exec(readFileSync(join(DIST, 'index.html'), 'utf8'))![1]!;
    const home = [entry, ...scripts.filter((name) => name.startsWith('home-widget.'))];
    expect(home).toHaveLength(2);
    for (const name of home) expect(readFileSync(join(DIST, name), 'utf8')).not.toContain('react.transitional.element');
    expect(gzipSync(home.map((name) => readFileSync(join(DIST, name))).reduce((a, b) => Buffer.concat([a, b]))).length).toBeLessThan(25_000);
  });
});
