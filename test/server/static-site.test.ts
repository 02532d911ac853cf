import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { injectClient, type TestClient } from '../support/http-client';
import { ensureTestMedia, openTestDatabase, testBackend } from '../support/test-database';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});\n`;
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
  it('renders the home page into its built HTML, revalidated on every visit', async () => {
    const answer = await client.get('/');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<title>Bienvenue – Canton de Valmont</title>');
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });

  it('renders /annuaire/ into annuaire/index.html', async () => {
    const answer = await client.get('/annuaire/');
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<title>Annuaire – Canton de Valmont</title>');
    expect(answer.headers['cache-control']).toBe('no-cache');
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
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['strict-transport-security']).toBeDefined();
  });

  it('preloads no API answer: the page already holds the answers its widget starts from', async () => {
    const page = await client.get('/annuaire/');
    expect(page.headers['link']).toBeUndefined();
    expect(page.text).toContain('data-widget-answers');
  });

  it('answers the 404 page for a file that is not there, and 404 JSON under /api/', async () => {
    const answer = await client.get('/nothing.html');
    expect(answer.status).toBe(404);
    expect(answer.headers['content-type']).toMatch(/^text\/html/);
    expect(answer.text).toContain('Page introuvable');
    const api = await client.get('/api/nothing/');
    expect(api.status).toBe(404);
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
    const meta = await sharp(response.body).metadata();
    expect([meta.format === 'jpeg' ? 'jpg' : meta.format, meta.width, meta.height]).toEqual([format, size, size]);
  });
});

describe('the storage', () => {
  it('is the backend the environment asks for', () => {
    expect(db.kind).toBe(testBackend());
  });
});
