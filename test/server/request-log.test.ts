import { Writable } from 'node:stream';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/http/app';
import type { Database } from '../../server/data/database';
import { readSettings, SettingError } from '../../server/settings';
import { REQUEST_ID_HEADER, shortenedAddress, type LogAddresses } from '../../server/service/request-log';
import { openTestDatabase } from '../support/test-database';

// Issue 45: with LOG_LEVEL=info every request was logged with the visitor's whole address, while
// the privacy statement says no visit is kept. A request's line now gives the address shortened
// (unless LOG_ADDRESSES says otherwise) and an id that the answer carries back (the trusted
// proxy's X-Request-Id, or a new one).

jest.setTimeout(60_000);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('shortenedAddress', () => {
  it.each([
    ['203.0.113.57', '203.0.113.0'],
    ['::ffff:10.1.2.3', '10.1.2.0'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1::'],
    ['2001:0db8:0001:ffff::1', '2001:db8:1::'],
    ['::1', '::'],
    ['junk-b', 'unknown'],
    ['', 'unknown'],
  ])('%s → %s', (address, shortened) => {
    expect(shortenedAddress(address)).toBe(shortened);
  });

  it('never gives back an address whose host part it was given, and keeps its network', () => {
    fc.assert(
      fc.property(fc.ipV4(), (address) => {
        const shortened = shortenedAddress(address);
        expect(shortened.split('.').slice(0, 3)).toEqual(address.split('.').slice(0, 3));
        expect(shortened.endsWith('.0')).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.ipV6(), (address) => {
        const shortened = shortenedAddress(address);
        // An IPv4 address written in IPv6 (`::ffff:10.1.2.3`, `::10.1.2.3`) is shortened as IPv4.
        if (!shortened.includes(':')) {
          expect(shortened.endsWith('.0')).toBe(true);
          return;
        }
        // Otherwise at most the first 48 bits: three groups, the rest zero.
        expect(shortened.endsWith('::')).toBe(true);
        expect(shortened.split(':').filter((group) => group !== '').length).toBeLessThanOrEqual(3);
      }),
    );
  });
});

describe('LOG_ADDRESSES', () => {
  it('is short unless set, and refuses anything but short, full or none with one line', () => {
    expect(readSettings({}).logAddresses).toBe('short');
    expect(readSettings({ LOG_ADDRESSES: 'full' }).logAddresses).toBe('full');
    expect(() => readSettings({ LOG_ADDRESSES: 'partial' })).toThrow(SettingError);
    expect(() => readSettings({ LOG_ADDRESSES: 'partial' })).toThrow('LOG_ADDRESSES must be one of short, full, none (got "partial")');
  });
});

describe("a request's log line and id", () => {
  let db: Database;
  const lines: string[] = [];
  const apps: FastifyInstance[] = [];

  const appWith = async (logAddresses: LogAddresses): Promise<FastifyInstance> => {
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = buildApp({ db, logger: { level: 'info', stream }, trustProxy: ['127.0.0.1'], logAddresses });
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    db = await openTestDatabase();
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    await db.close();
  });

  beforeEach(() => {
    lines.length = 0;
  });

  const visit = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: '/api/categories/agenda/', remoteAddress, headers });

  it('gives the address shortened and the trusted proxy’s id, which the answer carries back', async () => {
    const app = await appWith('short');
    const answer = await visit(app, '127.0.0.1', { 'x-forwarded-for': '203.0.113.57', [REQUEST_ID_HEADER]: 'b5e1a0c2f3d44e5f8a9b0c1d2e3f4a5b' });
    expect(answer.headers[REQUEST_ID_HEADER]).toBe('b5e1a0c2f3d44e5f8a9b0c1d2e3f4a5b');
    const text = lines.join('');
    expect(text).toContain('"reqId":"b5e1a0c2f3d44e5f8a9b0c1d2e3f4a5b"');
    expect(text).toContain('"remoteAddress":"203.0.113.0"');
    expect(text).not.toContain('203.0.113.57');
  });

  it('makes its own id when the peer is not a trusted proxy, or the id is not a plain token', async () => {
    const app = await appWith('short');
    const untrusted = await visit(app, '198.51.100.9', { [REQUEST_ID_HEADER]: 'chosen-by-the-client' });
    expect(untrusted.headers[REQUEST_ID_HEADER]).toMatch(UUID);
    const odd = await visit(app, '127.0.0.1', { [REQUEST_ID_HEADER]: 'two words\u0007' });
    expect(odd.headers[REQUEST_ID_HEADER]).toMatch(UUID);
    expect(lines.join('')).not.toContain('chosen-by-the-client');
    const ids = new Set([untrusted.headers[REQUEST_ID_HEADER], odd.headers[REQUEST_ID_HEADER]]);
    expect(ids.size).toBe(2);
  });

  it('gives the whole address with LOG_ADDRESSES=full, and none with none', async () => {
    await visit(await appWith('full'), '127.0.0.1', { 'x-forwarded-for': '2001:db8:1:2:3:4:5:6' });
    expect(lines.join('')).toContain('"remoteAddress":"2001:db8:1:2:3:4:5:6"');
    lines.length = 0;
    await visit(await appWith('none'), '127.0.0.1', { 'x-forwarded-for': '2001:db8:1:2:3:4:5:6' });
    const text = lines.join('');
    expect(text).toContain('"reqId"');
    expect(text).not.toContain('remoteAddress');
    expect(text).not.toContain('2001:db8');
  });
});
