import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../server/http/app';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';
import { colourRule } from '../../src/domain/site-identity';
import type { Database } from '../../server/data/database';
import { injectClient, type TestClient } from '../support/http-client';
import { ensureTestMedia, openTestDatabase, testBackend } from '../support/test-database';
import { demoName } from '../support/profile-strings';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;
const SHEET = '.directory{color:#1a1a1a}\n';
// The app reads and checks the demo's profile when it is built (DOMPurify, marked): seconds on a busy machine.
jest.setTimeout(30_000);

let db: Database;
let app: FastifyInstance;
let client: TestClient;
let distDir: string;

beforeAll(async () => {
  // A tiny stand-in for Parcel's output, so these tests do not depend on a build.
  distDir = mkdtempSync(join(tmpdir(), 'fake-dist-'));
  mkdirSync(join(distDir, 'annuaire'));
  const page = (widget: string) => `<!doctype html><title>Page</title><main><h1>Titre</h1><div data-widget="${widget}" lang="fr"></div></main>`;
  writeFileSync(join(distDir, 'index.html'), page('home'));
  writeFileSync(join(distDir, 'annuaire', 'index.html'), page('directory'));
  writeFileSync(join(distDir, 'main.1a2b3c4d.js'), SCRIPT);
  writeFileSync(join(distDir, 'directory-widget.5e6f7a8b.css'), `${SHEET}/*# sourceMappingURL=directory-widget.5e6f7a8b.css.map */\n`);
  writeFileSync(join(distDir, 'main.1a2b3c4d.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(distDir, 'main.1a2b3c4d.js.gz'), gzipSync(SCRIPT));
  db = await openTestDatabase();
  app = buildApp({ db, distDir, mediaDir: await ensureTestMedia() });
  client = await injectClient(app);
});

afterAll(async () => {
  await app.close();
  await db.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('the built site', () => {
  it('renders the home page into its built HTML, revalidated by the browser on every visit and kept 10 s by a shared cache', async () => {
    const answer = await client.get('/');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`<title>Bienvenue – ${demoName('fr')}</title>`);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
  });

  it('renders /annuaire/ into annuaire/index.html', async () => {
    const answer = await client.get('/annuaire/');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain(`<title>Annuaire – ${demoName('fr')}</title>`);
    expect(answer.headers['cache-control']).toBe('public, max-age=0, s-maxage=10');
  });

  it('serves a hashed asset precompressed with brotli and cached for good', async () => {
    const answer = await client.getBytes('/main.1a2b3c4d.js', { 'accept-encoding': 'br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(answer.body).toString('utf8')).toBe(SCRIPT);
  });

  it('falls back to the gzip copy for a client without brotli', async () => {
    const answer = await client.getBytes('/main.1a2b3c4d.js', { 'accept-encoding': 'gzip' });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString('utf8')).toBe(SCRIPT);
  });

  it('answers a hashed asset from memory: its ETag or its date revalidates to 304, HEAD gives its length, a client without encodings gets the file itself', async () => {
    const first = await client.getBytes('/main.1a2b3c4d.js', { 'accept-encoding': 'br' });
    const etag = first.headers['etag'] ?? '';
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect((await client.getBytes('/main.1a2b3c4d.js', { 'if-none-match': etag, 'accept-encoding': 'br' })).status).toBe(304);
    const lastModified = first.headers['last-modified'] ?? '';
    expect((await client.getBytes('/main.1a2b3c4d.js', { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await client.getBytes('/main.1a2b3c4d.js', { 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' })).status).toBe(200);
    // A tag that does not match wins over the date.
    expect((await client.getBytes('/main.1a2b3c4d.js', { 'if-modified-since': lastModified, 'if-none-match': '"other"' })).status).toBe(200);
    const head = await app.inject({ method: 'HEAD', url: '/main.1a2b3c4d.js', headers: { 'accept-encoding': 'gzip' } });
    expect([head.statusCode, head.headers['content-encoding'], head.body]).toEqual([200, 'gzip', '']);
    const plain = await client.getBytes('/main.1a2b3c4d.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(SCRIPT);
    // Written after the start: the files on disk are not read again.
    writeFileSync(join(distDir, 'main.1a2b3c4d.js'), 'changed();');
    try {
      expect((await client.getBytes('/main.1a2b3c4d.js', { 'accept-encoding': 'identity' })).body.toString('utf8')).toBe(SCRIPT);
    } finally {
      writeFileSync(join(distDir, 'main.1a2b3c4d.js'), SCRIPT);
    }
  });

  it('serves a sheet without compressed copies as it is, and its source map from the disk', async () => {
    const sheet = await client.getBytes('/directory-widget.5e6f7a8b.css', { 'accept-encoding': 'br, gzip' });
    expect([sheet.status, sheet.headers['content-type'], sheet.headers['content-encoding']]).toEqual([200, 'text/css; charset=utf-8', undefined]);
    expect(sheet.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    writeFileSync(join(distDir, 'directory-widget.5e6f7a8b.css.map'), '{"version":3}');
    const map = await client.get('/directory-widget.5e6f7a8b.css.map');
    expect([map.status, map.text]).toEqual([200, '{"version":3}']);
  });

  it('sends the security headers and a CSP without inline script on pages', async () => {
    const { headers } = await client.get('/');
    const csp = headers['content-security-policy'] ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .find((d) => d.trim().startsWith(`${name} `))
        ?.trim();
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('connect-src')).toBe("connect-src 'self'");
    expect(directive('img-src')).toBe("img-src 'self' data:");
    expect(directive('default-src')).toBe("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(directive('font-src')).toBe("font-src 'self'");
    expect(directive('report-uri')).toBe('report-uri /csp-report');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['permissions-policy']).toContain('camera=()');
  });

  it("allows no inline style but the sheets a page inlines and the profile's colours, each by its hash", async () => {
    const { headers, text } = await client.get('/annuaire/');
    const inlined = [...text.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]);
    const colours = colourRule(defaultSiteProfile().settings.colours);
    expect(inlined).toEqual([SHEET, colours]);
    const hash = (css: string): string => `'sha256-${createHash('sha256').update(css).digest('base64')}'`;
    const styleSrc = (headers['content-security-policy'] ?? '').split(';').find((d) => d.startsWith('style-src '));
    expect(styleSrc).toBe(`style-src 'self' ${hash(SHEET)} ${hash(colours)}`);
  });

  it('sends Strict-Transport-Security only over https', async () => {
    expect((await client.get('/')).headers['strict-transport-security']).toBeUndefined();
    const proxied = buildApp({ db, trustProxy: true });
    try {
      const overHttps = await proxied.inject({ url: '/api/news/categories/', headers: { 'x-forwarded-proto': 'https' } });
      expect(overHttps.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const overHttp = await proxied.inject({ url: '/api/news/categories/', headers: { 'x-forwarded-proto': 'http' } });
      expect(overHttp.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('sends the 400 and 404 pages with no-store, as the operations guide says', async () => {
    for (const path of ['/nothing/', '/annuaire/?q=%01abc', '/de/annuaire/?q=%01abc', '/annuaire/nobody-here/']) {
      const answer = await client.get(path);
      expect({ path, status: answer.status >= 400, cache: answer.headers['cache-control'] }).toEqual({ path, status: true, cache: 'no-store' });
    }
  });

  it('sends a template addressed as index.html to its page', async () => {
    const home = await client.get('/index.html');
    expect({ status: home.status, location: home.headers['location'] }).toEqual({ status: 301, location: '/' });
    const directory = await client.get('/annuaire/index.html?q=ma');
    expect({ status: directory.status, location: directory.headers['location'] }).toEqual({ status: 301, location: '/annuaire/?q=ma' });
  });

  it('refuses a request with two Host headers', async () => {
    const served = buildApp({ db });
    const address = await served.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = new URL(address);
      const status = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write('GET /api/news/categories/ HTTP/1.1\r\nHost: canton.example\r\nHost: evil.example\r\nConnection: close\r\n\r\n');
        });
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString('latin1')));
        socket.on('end', () => resolve(received.split('\r\n')[0] ?? ''));
        socket.on('error', reject);
      });
      expect(status).toMatch(/^HTTP\/1\.1 400 /);
    } finally {
      await served.close();
    }
  });

  it('takes the browsers’ reports of what the policy blocked', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: '/csp-report',
      headers: { 'content-type': 'application/csp-report' },
      payload: JSON.stringify({ 'csp-report': { 'document-uri': 'https://canton.example/', 'violated-directive': 'style-src', 'blocked-uri': 'inline' } }),
    });
    expect(answer.statusCode).toBe(204);
    const tooLong = await app.inject({ method: 'POST', url: '/csp-report', headers: { 'content-type': 'application/csp-report' }, payload: 'x'.repeat(20_000) });
    expect(tooLong.statusCode).toBe(413);
  });

  it('preloads no API answer: the page already holds the answers its widget starts from', async () => {
    const page = await client.get('/annuaire/');
    // The only link the header names is the page's canonical address.
    expect(page.headers['link']).toMatch(/^<[^>]*\/annuaire\/>; rel="canonical"$/);
    expect(page.text).toContain('data-widget-answers');
  });

  it('answers the 404 page for a file that is not there, and 404 JSON under /api/', async () => {
    const answer = await client.get('/nothing.html');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.text).toContain('Page introuvable');
    // The security headers are on every answer, errors included.
    expect([answer.headers['x-content-type-options'], answer.headers['x-frame-options']]).toEqual(['nosniff', 'SAMEORIGIN']);
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    const api = await client.get('/api/nothing/');
    expect(api.status).toBe(404);
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(api.text)).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });
});

describe('the compressed API answers', () => {
  it('compresses a long answer with brotli, with the same ETag as the plain one', async () => {
    const plain = await client.getBytes('/api/contacts/');
    const answer = await client.getBytes('/api/contacts/', { 'accept-encoding': 'gzip, deflate, br' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toMatch(/accept-encoding/i);
    expect(answer.headers['etag']).toBe(plain.headers['etag']);
    expect(answer.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(answer.body).equals(plain.body)).toBe(true);
  });

  it('falls back to gzip, and to no encoding for a client that accepts none', async () => {
    const gzipped = await client.getBytes('/api/contacts/', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    const plain = await client.getBytes('/api/contacts/', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(gunzipSync(gzipped.body).equals(plain.body)).toBe(true);
  });

  it('still answers 304 to a revalidation', async () => {
    const first = await client.getBytes('/api/contacts/', { 'accept-encoding': 'br' });
    const again = await client.getBytes('/api/contacts/', { 'accept-encoding': 'br', 'if-none-match': first.headers['etag']! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });
});

describe('the contact images', () => {
  it.each([
    ['jpg', 240, 'image/jpeg'],
    ['jpg', 480, 'image/jpeg'],
    ['webp', 240, 'image/webp'],
    ['webp', 480, 'image/webp'],
  ])('serves every picture a contact names as %s of %i pixels, cached for good', async (format, size, type) => {
    const { body } = await client.getJson('/api/contacts/?title=helene');
    const [contact] = body as { img: string; img_2x: string; img_wp: string; img_wp_2x: string }[];
    const urls: Record<string, string | undefined> = { jpg240: contact?.img, jpg480: contact?.img_2x, webp240: contact?.img_wp, webp480: contact?.img_wp_2x };
    const url = urls[`${format}${size}`];
    const response = await client.getBytes(url!);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Widgets on the institution's other sites show them; the pages themselves stay same-origin.
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect((await client.get('/')).headers['cross-origin-resource-policy']).toBe('same-origin');
    const meta = await sharp(response.body).metadata();
    expect([meta.format === 'jpeg' ? 'jpg' : meta.format, meta.width, meta.height]).toEqual([format, size, size]);
  });
});

describe('the storage', () => {
  it('is the backend the environment asks for', () => {
    expect(db.kind).toBe(testBackend());
  });
});
