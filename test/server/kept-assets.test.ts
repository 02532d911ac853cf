import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { FAKE_NOTES, FAKE_NOTES_PATH, FAKE_SCRIPT, FAKE_SCRIPT_PATH } from '../support/fake-dist';
import { injectClient, type TestClient } from '../support/http-client';
import { fakeDistSite } from '../support/fake-dist-site';

// Issue 42: `If-Modified-Since: 3000` got a 304, `/x.<hash>.js/` was served, and the compressed
// copies were public under their own names as application/octet-stream.
jest.setTimeout(60_000);

const site = fakeDistSite();
let client: TestClient;

beforeAll(async () => {
  client = await injectClient(site.app);
});

const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const two = (value: number): string => String(value).padStart(2, '0');

/** The moment of an IMF-fixdate in the two obsolete forms a recipient must still read (RFC 9110 §5.6.7). */
const obsoleteForms = (imfFixdate: string): readonly string[] => {
  const date = new Date(imfFixdate);
  const [day, month] = [date.toUTCString().slice(0, 3), date.toUTCString().slice(8, 11)];
  const time = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return [
    `${LONG_DAYS[date.getUTCDay()]}, ${two(date.getUTCDate())}-${month}-${two(date.getUTCFullYear() % 100)} ${time} GMT`,
    `${day} ${month} ${String(date.getUTCDate()).padStart(2, ' ')} ${time} ${date.getUTCFullYear()}`,
  ];
};

describe('a kept asset', () => {
  it('is not modified since its own date, in any of the three forms of an HTTP-date', async () => {
    const lastModified = (await client.get(FAKE_SCRIPT_PATH)).headers['last-modified'] ?? '';
    for (const since of [lastModified, ...obsoleteForms(lastModified)]) {
      expect({ since, status: (await client.get(FAKE_SCRIPT_PATH, { 'if-modified-since': since })).status }).toEqual({ since, status: 304 });
    }
  });

  it('ignores an If-Modified-Since that is not a valid HTTP-date, or is later than the server’s clock', async () => {
    const lastModified = (await client.get(FAKE_SCRIPT_PATH)).headers['last-modified'] ?? '';
    const nextYear = new Date(Date.now() + 366 * 86_400_000).toUTCString();
    const wrongDay = `${lastModified.startsWith('Mon') ? 'Tue' : 'Mon'}${lastModified.slice(3)}`;
    for (const since of [
      '3000',
      '1',
      '3000-01-01',
      nextYear,
      'Wed, 01 Jan 3000 00:00:00 GMT',
      wrongDay,
      lastModified.replace(' GMT', ' UTC'),
      lastModified.toLowerCase(),
      'Sun, 29 Feb 2026 00:00:00 GMT',
      'Sat, 28 Feb 2026 24:00:00 GMT',
      'Sat, 28 Feb 2026 23:60:00 GMT',
      `${lastModified}, ${lastModified}`,
      'nonsense',
    ]) {
      expect({ since, status: (await client.get(FAKE_SCRIPT_PATH, { 'if-modified-since': since })).status }).toEqual({ since, status: 200 });
    }
  });

  it('is not served with a final / (the router ignores one for the pages’ sake)', async () => {
    for (const url of [`${FAKE_SCRIPT_PATH}/`, `${FAKE_SCRIPT_PATH}/?v=1`, `${FAKE_NOTES_PATH}/`]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const answer = await site.app.inject({ method, url, headers: { 'accept-encoding': 'br, gzip' } });
        expect({ url, method, status: answer.statusCode, cache: answer.headers['cache-control'] }).toEqual({ url, method, status: 404, cache: 'no-store' });
      }
    }
    expect((await client.get(`${FAKE_SCRIPT_PATH}//`)).status).toBeGreaterThanOrEqual(400);
  });
});

describe('the compressed copies of the built files', () => {
  it('are not files of their own: 404 under their names, however written', async () => {
    for (const url of [
      `${FAKE_SCRIPT_PATH}.br`,
      `${FAKE_SCRIPT_PATH}.gz`,
      `${FAKE_NOTES_PATH}.br`,
      `${FAKE_NOTES_PATH}.gz`,
      `${FAKE_NOTES_PATH}.gz?download=1`,
      `${FAKE_SCRIPT_PATH}%2Ebr`,
      `${FAKE_NOTES_PATH.replace('.', '%2E')}.gz`,
      `${FAKE_NOTES_PATH}%2egz`,
      '/index.html.br',
      '/annuaire/index.html.gz',
    ]) {
      for (const encoding of ['br, gzip', 'identity']) {
        const answer = await site.app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect({ url, encoding, status: answer.statusCode }).toEqual({ url, encoding, status: 404 });
      }
    }
  });

  it('are still how their files are sent', async () => {
    for (const [path, text] of [
      [FAKE_SCRIPT_PATH, FAKE_SCRIPT],
      [FAKE_NOTES_PATH, FAKE_NOTES],
    ] as const) {
      const br = await client.getBytes(path, { 'accept-encoding': 'br' });
      expect([br.status, br.headers['content-encoding'], brotliDecompressSync(br.body).toString('utf8')]).toEqual([200, 'br', text]);
      const gzip = await client.getBytes(path, { 'accept-encoding': 'gzip' });
      expect([gzip.status, gzip.headers['content-encoding'], gunzipSync(gzip.body).toString('utf8')]).toEqual([200, 'gzip', text]);
    }
  });
});

describe('a built file the static files’ plugin serves', () => {
  it('revalidates by its ETag, never by a date the plugin would read loosely', async () => {
    const first = await client.get(FAKE_NOTES_PATH);
    expect(first.status).toBe(200);
    expect((await client.get(FAKE_NOTES_PATH, { 'if-none-match': first.headers['etag'] ?? '' })).status).toBe(304);
    for (const since of ['3000', 'Wed, 01 Jan 3000 00:00:00 GMT', new Date().toUTCString()]) {
      expect({ since, status: (await client.get(FAKE_NOTES_PATH, { 'if-modified-since': since })).status }).toEqual({ since, status: 200 });
    }
  });
});
