import { connect } from 'node:net';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { isSameSitePath, REDIRECT_CACHE_CONTROL } from '../../server/http/redirects';
import { FAKE_FOLDER, writeFakeDist } from '../support/fake-dist';
import { runs } from '../support/fuzz-runs';
import { openTestDatabase } from '../support/test-database';

// Issue 42: the rule that drops a template's `index.html` kept the rest of the address unchecked,
// and `//evil.example/index.html` was a 301 to `//evil.example/`, which a browser follows off the site.
jest.setTimeout(120_000);

const SITE = 'canton.example';

/**
 * A Location a browser follows to this site only: `/`, or one `/` then neither `/` nor `\`, and
 * resolved against the site's address it stays there. Written apart from the server's own check.
 */
const sameSite = (location: string): boolean => /^\/(?:$|[^/\\])/.test(location) && new URL(location, `https://${SITE}/a/b`).host === SITE;

/** What came back for a request line sent byte for byte (`inject` and Node's client would tidy `/\` away). */
interface RawAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
}

const rawGet = (port: number, target: string, method = 'GET'): Promise<RawAnswer> =>
  new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`${method} ${target} HTTP/1.1\r\nHost: ${SITE}\r\nConnection: close\r\n\r\n`));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers });
    });
  });

/** Ways to start an address that name another host to a browser, or to whatever decodes the path on the way. */
const OFF_SITE = [
  '//evil.example',
  '/\\evil.example',
  '///evil.example',
  '/\\\\evil.example',
  '/\\/evil.example',
  '//\\evil.example',
  '/%2F/evil.example',
  '/%2Fevil.example',
  '/%2f%2fevil.example',
  '/%5Cevil.example',
  '/%5c%5cevil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D%0A/evil.example',
  '/%2e%2e//evil.example',
  '/.//evil.example',
  '/%20//evil.example',
];

/** Each rule that writes a redirect, as a function of the start of the address. */
const RULES: Readonly<Record<string, (start: string) => string>> = {
  'the template’s index.html': (start) => `${start}/index.html`,
  'the template’s index.html, with a query': (start) => `${start}/index.html?q=ma&x=//evil.example`,
  'a language’s template': (start) => `${start}/de/index.html`,
  'a page without its final /': (start) => `${start}/annuaire`,
  'a page of a language without its final /': (start) => `${start}/de/annuaire?q=1`,
  'a language prefix before the start': (start) => `/de${start}/annuaire`,
  'a filter form’s toggle': (start) => `${start}/agenda/?basculer=1`,
  'a folder of built files without its final /': (start) => `${start}${FAKE_FOLDER}`,
};

let db: Database;
let dist: ReturnType<typeof writeFakeDist>;
const servers: { name: string; app: FastifyInstance; port: number }[] = [];

beforeAll(async () => {
  dist = writeFakeDist();
  db = await openTestDatabase();
  for (const [name, publicOrigin] of [
    ['without PUBLIC_ORIGIN', undefined],
    ['with PUBLIC_ORIGIN', `https://${SITE}`],
  ] as const) {
    const app = buildApp({ db, distDir: dist.dir, publicOrigin });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    servers.push({ name, app, port: typeof address === 'object' && address !== null ? address.port : 0 });
  }
});

afterAll(async () => {
  for (const { app } of servers) await app.close();
  await db.close();
  dist.remove();
});

describe('the redirects the server writes', () => {
  it.each([
    ['/index.html', 301, '/'],
    ['/annuaire/index.html?q=ma', 301, '/annuaire/?q=ma'],
    ['/annuaire', 301, '/annuaire/'],
    ['/de/annuaire?q=ma', 301, '/de/annuaire/?q=ma'],
    ['/agenda/?basculer=1', 303, '/agenda/?categories=1'],
    ['/en/agenda/?basculer=3&categories=1', 303, '/en/agenda/?categories=1&categories=3'],
    [FAKE_FOLDER, 301, `${FAKE_FOLDER}/`],
  ])('sends %s to a path of the site (%i %s), which any cache keeps an hour at most', async (target, status, location) => {
    for (const { name, port } of servers) {
      const answer = await rawGet(port, target);
      expect({ name, status: answer.status, location: answer.headers['location'], cache: answer.headers['cache-control'] }).toEqual({
        name,
        status,
        location,
        cache: REDIRECT_CACHE_CONTROL,
      });
    }
  });

  describe.each(Object.entries(RULES))('%s', (_rule, address) => {
    it.each(OFF_SITE)('never leads off the site when the address starts %s', async (start) => {
      for (const { name, port } of servers) {
        for (const method of ['GET', 'HEAD']) {
          const target = address(start);
          const answer = await rawGet(port, target, method);
          const location = answer.headers['location'];
          expect({ name, method, target, offSite: location !== undefined && !sameSite(location), error: answer.status >= 500 }).toEqual({
            name,
            method,
            target,
            offSite: false,
            error: false,
          });
        }
      }
    });
  });

  it('answers the template rule’s 404 where its redirect would leave the site, kept by no cache', async () => {
    for (const { name, port } of servers) {
      for (const start of ['//evil.example', '/\\evil.example', '///evil.example', '/%2F/evil.example', '/%5Cevil.example', '/%09/evil.example']) {
        const target = `${start}/index.html?next=1`;
        const answer = await rawGet(port, target);
        expect({ name, target, status: answer.status, location: answer.headers['location'], cache: answer.headers['cache-control'] }).toEqual({
          name,
          target,
          status: 404,
          location: undefined,
          cache: 'no-store',
        });
      }
    }
  });

  it('writes only Locations of the site, whatever the address (property)', async () => {
    const piece = fc.constantFrom(
      '/',
      '//',
      '\\',
      '%2F',
      '%2f',
      '%5C',
      '%09',
      '%0A',
      '%0D',
      '%00',
      '%20',
      '%2e',
      '.',
      '..',
      '@',
      ':',
      'evil.example',
      'index.html',
      'annuaire',
      'agenda',
      'de',
      'guide',
      'main.1a2b3c4d.js',
    );
    const address = fc
      .tuple(fc.array(piece, { minLength: 1, maxLength: 8 }), fc.constantFrom('', '?q=1', '?basculer=2', '?x=//evil.example', '?categories=1&basculer=1'))
      .map(([pieces, query]) => `/${pieces.join('')}${query}`);
    await fc.assert(
      fc.asyncProperty(address, fc.constantFrom(...servers), async (target, { name, port }) => {
        const answer = await rawGet(port, target);
        const location = answer.headers['location'];
        if (location !== undefined) expect({ name, target, location, sameSite: sameSite(location) }).toEqual({ name, target, location, sameSite: true });
        if (answer.status >= 300 && answer.status < 400 && answer.status !== 304)
          expect({ target, cache: answer.headers['cache-control'] }).toEqual({ target, cache: REDIRECT_CACHE_CONTROL });
        expect({ target, status: answer.status < 500 }).toEqual({ target, status: true });
      }),
      { numRuns: runs(200) },
    );
  });
});

describe('the check of a redirect’s Location', () => {
  it.each(['/', '/annuaire/', '/de/annuaire/?q=ma', '/agenda/?categories=1&categories=3', '/a?next=//evil.example', '/a#//evil.example'])('takes %s', (location) => {
    expect(isSameSitePath(location)).toBe(true);
  });

  it.each([
    '',
    'annuaire/',
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example/',
    '///evil.example/',
    '/%2F/evil.example/',
    '/%5Cevil.example/',
    '/%09/evil.example/',
    '/\t/evil.example/',
    '/\n/evil.example/',
    '/%2e%2e//evil.example/',
    '/a\\b/',
    '/%E0%A4%A/',
  ])('refuses %j', (location) => {
    expect(isSameSitePath(location)).toBe(false);
  });

  it('takes nothing a browser would follow to another host (property)', () => {
    const text = fc.string({ unit: fc.constantFrom('/', '\\', '%', '2', 'F', '5', 'C', '0', '9', 'e', '.', ':', '@', '?', '#', '\t', '\n', ' ', 'a', 'h') });
    fc.assert(
      fc.property(text, (location) => {
        if (isSameSitePath(location)) expect({ location, sameSite: sameSite(location) }).toEqual({ location, sameSite: true });
      }),
      { numRuns: runs(2_000) },
    );
  });
});
