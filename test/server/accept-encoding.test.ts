import { chosenEncoding, restatedAcceptEncoding } from '../../server/cache/accept-encoding';
import { FAKE_NOTES_PATH, FAKE_SCRIPT_PATH } from '../support/fake-dist';
import { fakeDistSite } from '../support/fake-dist-site';

// Issue 42: `br; q=0, gzip` got brotli and `gzip; q=0.0, identity` gzip: a space before `q` was not read.
jest.setTimeout(60_000);

/** Headers and the encoding each must get, from a server that has brotli and gzip; `null`: the plain bytes. */
const CASES: readonly (readonly [string, 'br' | 'gzip' | null])[] = [
  ['br; q=0, gzip', 'gzip'],
  ['br;q=0, gzip', 'gzip'],
  ['br ; q=0 , gzip', 'gzip'],
  ['br;\tq=0, gzip', 'gzip'],
  ['br;q=0.0, gzip', 'gzip'],
  ['br;Q=0, gzip', 'gzip'],
  ['gzip; q=0.0, identity', null],
  ['gzip;q=0.000', null],
  ['br; q=0, gzip; q=0', null],
  ['identity', null],
  ['gzip;q=0.5, identity', null],
  ['gzip;q=0.5', 'gzip'],
  ['gzip', 'gzip'],
  ['GZIP', 'gzip'],
  ['br', 'br'],
  ['gzip, deflate, br, zstd', 'br'],
  ['br;q=0.5, gzip', 'gzip'],
  ['*', 'br'],
  ['*;q=0', null],
  ['br;q=0, *', 'gzip'],
  ['gzip;q=0, *', 'br'],
  ['x-evil, *;q=0', null],
  ['nonsense;;;', null],
  ['', null],
];

describe('the reading of Accept-Encoding', () => {
  it.each(CASES)('%j chooses %s', (header, expected) => {
    expect(chosenEncoding(header, ['br', 'gzip'])).toBe(expected);
  });

  it('chooses among what is kept only: gzip for a copy without brotli, nothing for one without copies', () => {
    expect(chosenEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chosenEncoding('br', ['gzip'])).toBeNull();
    expect(chosenEncoding('br, gzip', [])).toBeNull();
    expect(chosenEncoding(undefined, ['br', 'gzip'])).toBeNull();
  });

  it('restates a header in a form the plugins’ own parser reads the same way', () => {
    expect(restatedAcceptEncoding('gzip, deflate, br, zstd')).toBe('br, gzip;q=0.9');
    expect(restatedAcceptEncoding('br; q=0, gzip')).toBe('gzip');
    expect(restatedAcceptEncoding('gzip;q=0, *')).toBe('br');
    expect(restatedAcceptEncoding('gzip, br;q=0.5')).toBe('gzip, br;q=0.9');
    expect(restatedAcceptEncoding('gzip; q=0.0, identity')).toBe('identity');
    expect(restatedAcceptEncoding('*;q=0')).toBe('identity');
    // The plain bytes over gzip: the plugins, which never choose identity, must not see gzip at all.
    expect(restatedAcceptEncoding('gzip;q=0.5, identity')).toBe('identity');
    expect(restatedAcceptEncoding('br, identity;q=0.8, gzip;q=0.5')).toBe('br');
    expect(restatedAcceptEncoding('identity;q=0, gzip;q=0.5')).toBe('gzip');
  });
});

const site = fakeDistSite();

/** Every kind of answer whose encoding the server chooses, each long enough to be compressed. */
const ANSWERS: Readonly<Record<string, string>> = {
  'a page': '/annuaire/',
  'an API answer': '/api/contacts/',
  'a kept asset': FAKE_SCRIPT_PATH,
  'a built file with compressed copies (the static files’ plugin)': FAKE_NOTES_PATH,
  'a long API refusal (the compression plugin)': `/api/contacts/?${'x'.repeat(1200)}=1`,
};

describe('the encoding of every answer', () => {
  it.each(Object.entries(ANSWERS))('%s follows the one reading of the header', async (_kind, url) => {
    for (const [header, expected] of CASES) {
      const answer = await site.app.inject({ method: 'GET', url, headers: { 'accept-encoding': header } });
      expect({ header, status: answer.statusCode < 500, encoding: answer.headers['content-encoding'] ?? null }).toEqual({
        header,
        status: true,
        encoding: expected,
      });
    }
  });

  it('sends the plain bytes to a client that sends no Accept-Encoding', async () => {
    for (const url of Object.values(ANSWERS)) {
      const answer = await site.app.inject({ method: 'GET', url });
      expect({ url, encoding: answer.headers['content-encoding'] }).toEqual({ url, encoding: undefined });
    }
  });
});
