import { expect } from '@jest/globals';
import fc from 'fast-check';
import { API_ROUTES } from '../../server/http/api-routes';
import { DatabaseBusyError, isDatabaseUnavailable } from '../../server/data/database-errors';
import { MAX_ID } from '../../server/http/query-schemas';
import { PLAIN_INTEGER, routeDecoder } from '../../server/http/route-input';
import { runs } from '../support/fuzz-runs';

const routeOf = (url: string) => {
  const route = API_ROUTES.find((candidate) => candidate.url === url);
  if (route === undefined) throw new Error(`no route ${url}`);
  return route;
};

const agendaSearch = routeOf('/api/agenda/');
const agendaEvents = routeOf('/api/agenda/:id/');
const event = routeOf('/api/agenda/:id/events/:eventId/');
const contacts = routeOf('/api/contacts/');
const news = routeOf('/api/news/');

// Every way an integer may be written that is not plain decimal digits, and numbers' string forms.
const looseInteger = fc.oneof(
  fc.constantFrom('1e3', '1.0', ' 3', '3 ', '0x10', '-0', '+3', '-1', 'Infinity', '-Infinity', 'NaN', '1_000', '0b1', '0o7', '.5e1', '1.', '', '٣', '３'),
  fc
    .double({ noNaN: false })
    .map(String)
    .filter((text) => !PLAIN_INTEGER.test(text)),
  fc.string({ maxLength: 12 }).filter((text) => !PLAIN_INTEGER.test(text)),
);

describe('the route decoders', () => {
  it('refuse every integer not written as plain digits, in a path, a query value and a list, before any SQL', () => {
    fc.assert(
      fc.property(looseInteger, (text) => {
        for (const decoded of [
          agendaEvents.decode({ id: text }, {}),
          event.decode({ id: '1', eventId: text }, {}),
          agendaSearch.decode({}, { month: text }),
          agendaSearch.decode({}, { categories: ['1', text] }),
          contacts.decode({}, { page_size: text }),
          news.decode({}, { page: text }),
        ]) {
          expect(decoded.ok).toBe(false);
          if (!decoded.ok) {
            expect(decoded.answer.status).toBe(400);
            expect(decoded.answer.body).toMatchObject({ statusCode: 400, error: 'Bad Request', message: expect.stringMatching(/^(params|querystring)\//) });
          }
        }
      }),
      { numRuns: runs(500) },
    );
  });

  it('decode plain digits to the exact integer, within the range of a database id', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_ID * 2 }), fc.nat({ max: 3 }), (value, zeros) => {
        const text = `${'0'.repeat(zeros)}${value}`;
        const decoded = agendaEvents.decode({ id: text }, {});
        if (value >= 1 && value <= MAX_ID) expect(decoded).toEqual({ ok: true, params: { id: value }, query: {} });
        else expect(decoded.ok).toBe(false);
      }),
      { numRuns: runs(500) },
    );
  });

  it('make a single value of a list a list, and keep every value of it', () => {
    expect(agendaSearch.decode({}, { categories: '3' })).toMatchObject({ ok: true, query: { categories: [3] } });
    expect(agendaSearch.decode({}, { categories: ['3', '07'] })).toMatchObject({ ok: true, query: { categories: [3, 7] } });
  });

  it('refuse text with a control character, or longer than its limit', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.integer({ min: 0, max: 0x1f }), fc.string({ maxLength: 20 }), (before, code, after) => {
        const decoded = contacts.decode({}, { title: `${before}${String.fromCharCode(code)}${after}` });
        expect(decoded.ok).toBe(false);
      }),
      { numRuns: runs(300) },
    );
    expect(contacts.decode({}, { title: 'x'.repeat(201) }).ok).toBe(false);
    expect(contacts.decode({}, { title: 'Hélène\u007f' }).ok).toBe(false);
    expect(contacts.decode({}, { title: 'Hélène Favre' }).ok).toBe(true);
  });

  it('treat prototype names as unknown parameters, and never change a prototype', () => {
    for (const name of ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty']) {
      const raw: Record<string, unknown> = {};
      Object.defineProperty(raw, name, { value: '1', enumerable: true });
      const decoded = news.decode({}, raw);
      expect(decoded.ok).toBe(false);
      if (!decoded.ok) expect(decoded.answer.body).toMatchObject({ message: `querystring must NOT have additional properties: '${name}'` });
    }
    expect(({} as Record<string, unknown>)['page']).toBeUndefined();
  });

  it('are the same function for any two callers: one decoder per route, built from its schema', () => {
    for (const route of API_ROUTES) {
      const again = routeDecoder(route.schema);
      fc.assert(
        fc.property(
          fc.dictionary(
            fc.constantFrom('page', 'page_size', 'month', 'categories', 'title', 'q', 'x'),
            fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 })),
          ),
          (query) => {
            expect(again({ id: '1', eventId: '2', slug: 'a', scope: 'actualites' }, query)).toEqual(
              route.decode({ id: '1', eventId: '2', slug: 'a', scope: 'actualites' }, query),
            );
          },
        ),
        { numRuns: runs(30) },
      );
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows a database that is down, restarting, unreachable, closed or busy', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const error of [
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      coded('53300', 'sorry, too many clients already'),
      Object.assign(coded('55000', 'database "site" is not currently accepting connections'), { severity: 'FATAL' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('PGlite is closed'),
      new DatabaseBusyError(),
      new Error('wrapped', { cause: coded('ECONNREFUSED') }),
      new AggregateError([coded('ECONNREFUSED')], 'connect failed'),
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(true);
    }
  });

  it('leaves every other failure a defect: a syntax error, a bad value, nothing at all', () => {
    for (const error of [
      Object.assign(new Error('syntax error at or near "x"'), { code: '42601' }),
      Object.assign(new Error('invalid input syntax for type integer'), { code: '22P02' }),
      Object.assign(new Error('currval of sequence "s" is not yet defined in this session'), { code: '55000', severity: 'ERROR' }),
      new Error('this server has no database'),
      null,
      undefined,
      'ECONNREFUSED',
    ]) {
      expect(isDatabaseUnavailable(error)).toBe(false);
    }
  });
});
