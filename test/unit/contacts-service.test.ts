import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@jest/globals';
import { lastValueFrom, toArray } from 'rxjs';
import { loadContact, loadContacts, loadMoreContacts } from '../../src/services/contacts-service';

let server: Server;
let base: string;
let requests: string[];
let answers: Record<string, { status: number; body: unknown }>;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? '');
    const answer = answers[request.url ?? ''] ?? { status: 404, body: { statusCode: 404, error: 'Not Found', message: 'no such route' } };
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A base with a path prefix, as an institution's own backend may have.
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/prefix`;
});

beforeEach(() => {
  requests = [];
  answers = {};
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const contact = (id: number, title: string) => ({ id, title, slug: title.toLowerCase().replace(/\s+/g, '-') });

describe('the contacts service', () => {
  it('sends the spec’s title and category with page_size=48, and reads a reference server’s page', async () => {
    answers['/prefix/api/contacts/?title=hel&category=Grand+Conseil&page_size=48'] = {
      status: 200,
      body: {
        count: 120,
        next: 'http://backend.internal/prefix/api/contacts/?title=hel&category=Grand+Conseil&page_size=48&cursor=k1',
        results: [contact(1, 'Hélène Rochat')],
      },
    };
    answers['/prefix/api/letters/contacts/?title=hel&category=Grand+Conseil'] = { status: 200, body: [{ letter: 'R', count: 1 }] };
    const events = await lastValueFrom(loadContacts(base, { text: 'hel', category: 'Grand Conseil' }).pipe(toArray()));
    // The index's letters are asked for beside the list, with the same name and category, and no page size.
    expect(requests.slice().sort()).toEqual([
      '/prefix/api/contacts/?title=hel&category=Grand+Conseil&page_size=48',
      '/prefix/api/letters/contacts/?title=hel&category=Grand+Conseil',
    ]);
    expect(events).toEqual([
      {
        type: 'CONTACTS_LOADED',
        contacts: [expect.objectContaining({ id: '1', title: 'Hélène Rochat' })],
        next: '/api/contacts/?title=hel&category=Grand+Conseil&page_size=48&cursor=k1',
        count: 120,
        letters: [{ letter: 'R', count: 1 }],
      },
    ]);
  });

  it('sends the letter to the list only, and leaves the letters unknown when they cannot be read, without a retry', async () => {
    answers['/prefix/api/contacts/?letter=B&page_size=48'] = { status: 200, body: { count: 1, next: null, results: [contact(2, 'Anne Bonvin')] } };
    answers['/prefix/api/letters/contacts/'] = { status: 503, body: { statusCode: 503, error: 'Service Unavailable' } };
    const events = await lastValueFrom(loadContacts(base, { text: '', category: '', letter: 'B' }).pipe(toArray()));
    expect(requests.slice().sort()).toEqual(['/prefix/api/contacts/?letter=B&page_size=48', '/prefix/api/letters/contacts/']);
    expect(events).toEqual([{ type: 'CONTACTS_LOADED', contacts: [expect.objectContaining({ id: '2' })], next: null, count: 1, letters: null }]);
  });

  it('takes a legacy array as the whole list, with no further page', async () => {
    answers['/prefix/api/contacts/?page_size=48'] = { status: 200, body: [contact(1, 'Un'), contact(2, 'Deux')] };
    await expect(lastValueFrom(loadContacts(base, { text: '', category: '' }))).resolves.toEqual({
      type: 'CONTACTS_LOADED',
      contacts: [expect.objectContaining({ id: '1' }), expect.objectContaining({ id: '2' })],
      next: null,
      count: 2,
      // A legacy API has no letters route (404): every letter stays a link.
      letters: null,
    });
  });

  it('asks for a further page by its path under the base, and never follows a link out of the list', async () => {
    answers['/prefix/api/contacts/?page_size=48&cursor=k1'] = {
      status: 200,
      body: { count: 120, next: 'https://elsewhere.example/steal/?cursor=k2', results: [contact(49, 'Quarante-neuf')] },
    };
    await expect(lastValueFrom(loadMoreContacts(base, '/api/contacts/?page_size=48&cursor=k1'))).resolves.toEqual({
      type: 'MORE_CONTACTS_LOADED',
      contacts: [expect.objectContaining({ id: '49' })],
      next: null,
    });
    expect(requests).toEqual(['/prefix/api/contacts/?page_size=48&cursor=k1']);
  });

  it('reports a refused cursor with its status, for the machine to start again from the first page', async () => {
    answers['/prefix/api/contacts/?cursor=stale'] = {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'the list changed since this page: ask for the first page again' },
    };
    await expect(lastValueFrom(loadMoreContacts(base, '/api/contacts/?cursor=stale'))).resolves.toMatchObject({
      type: 'MORE_CONTACTS_FAILED',
      error: { _tag: 'HttpError', status: 400 },
    });
  });

  it('asks for one contact by its slug; a legacy API answers 404, reported as an event', async () => {
    answers['/prefix/api/contacts/marc-jaquet/'] = { status: 200, body: contact(99, 'Marc Jaquet') };
    await expect(lastValueFrom(loadContact(base, 'marc-jaquet'))).resolves.toEqual({
      type: 'CONTACT_LOADED',
      contact: expect.objectContaining({ id: '99', title: 'Marc Jaquet' }),
    });
    await expect(lastValueFrom(loadContact(base, 'personne'))).resolves.toMatchObject({ type: 'CONTACT_FAILED', error: { _tag: 'HttpError', status: 404 } });
    expect(requests).toEqual(['/prefix/api/contacts/marc-jaquet/', '/prefix/api/contacts/personne/']);
  });
});
