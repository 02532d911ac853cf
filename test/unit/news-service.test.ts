import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lastValueFrom, toArray } from 'rxjs';
import { loadMoreNews, loadNews, loadNewsCategories } from '../../src/services/news-service';

let server: Server;
let base: string;
let requests: string[];
let answers: Record<string, { status: number; body: unknown }>;

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push(request.url ?? '');
    const answer = answers[request.url ?? ''] ?? { status: 404, body: { error: 'Not Found' } };
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

const item = (id: number, title: string) => ({ id, title, date: '2026-06-01', categories: [{ id: 1, title: 'Politique' }] });

describe('the news service', () => {
  it('asks for the first page of the plain news of the scope with no category; a legacy array is the whole list, each id once', async () => {
    answers['/prefix/api/news/actualites/?page_size=24'] = { status: 200, body: [item(1, 'premier'), item(2, 'deux'), item(1, 'doublon')] };
    const events = await lastValueFrom(loadNews(base, 'actualites', []).pipe(toArray()));
    expect(requests).toEqual(['/prefix/api/news/actualites/?page_size=24']);
    expect(events).toEqual([
      {
        type: 'NEWS_LOADED',
        items: [expect.objectContaining({ id: '1', title: 'premier' }), expect.objectContaining({ id: '2', title: 'deux' })],
        next: null,
        total: 2,
      },
    ]);
  });

  it('reads a page of the plain news: its results, its count and its next page as a path under the base', async () => {
    answers['/prefix/api/news/actualites/?page_size=24'] = {
      status: 200,
      body: { count: 80, next: 'http://backend.internal/prefix/api/news/actualites/?page_size=24&cursor=abc', results: [item(3, 'trois')] },
    };
    const [event] = await lastValueFrom(loadNews(base, 'actualites', []).pipe(toArray()));
    expect(event).toEqual({ type: 'NEWS_LOADED', items: [expect.objectContaining({ id: '3' })], next: '/api/news/actualites/?page_size=24&cursor=abc', total: 80 });

    answers['/prefix/api/news/actualites/?page_size=24&cursor=abc'] = { status: 200, body: { count: 80, next: null, results: [item(4, 'quatre')] } };
    const [more] = await lastValueFrom(loadMoreNews(base, '/api/news/actualites/?page_size=24&cursor=abc').pipe(toArray()));
    expect(requests.at(-1)).toBe('/prefix/api/news/actualites/?page_size=24&cursor=abc');
    expect(more).toEqual({ type: 'MORE_NEWS_LOADED', items: [expect.objectContaining({ id: '4' })], next: null });
  });

  it('asks for the filtered news with the selection, reads the results, and keeps the next page as a path under the base', async () => {
    answers['/prefix/api/news/?categories=1&categories=4&page_size=24'] = {
      status: 200,
      body: {
        count: 12,
        next: 'http://backend.internal/prefix/api/news/?categories=1&categories=4&page_size=24&cursor=xyz',
        previous: null,
        results: [item(7, 'sept')],
      },
    };
    const [event] = await lastValueFrom(loadNews(base, 'actualites', ['1', '4']).pipe(toArray()));
    expect(requests).toEqual(['/prefix/api/news/?categories=1&categories=4&page_size=24']);
    expect(event).toEqual({
      type: 'NEWS_LOADED',
      items: [expect.objectContaining({ id: '7' })],
      next: '/api/news/?categories=1&categories=4&page_size=24&cursor=xyz',
      total: 12,
    });

    answers['/prefix/api/news/?categories=1&categories=4&page_size=24&cursor=xyz'] = {
      status: 200,
      body: { count: 12, next: null, previous: 'x', results: [item(8, 'huit')] },
    };
    const [more] = await lastValueFrom(loadMoreNews(base, '/api/news/?categories=1&categories=4&page_size=24&cursor=xyz').pipe(toArray()));
    expect(requests.at(-1)).toBe('/prefix/api/news/?categories=1&categories=4&page_size=24&cursor=xyz');
    expect(more).toEqual({ type: 'MORE_NEWS_LOADED', items: [expect.objectContaining({ id: '8' })], next: null });
  });

  it('never follows a next link out of the list it shows', async () => {
    answers['/prefix/api/news/actualites/?page_size=24'] = {
      status: 200,
      body: { count: 80, next: 'https://evil.example/api/contacts/?cursor=abc', results: [item(3, 'trois')] },
    };
    await expect(lastValueFrom(loadNews(base, 'actualites', []))).resolves.toMatchObject({ type: 'NEWS_LOADED', next: null });
  });

  it('reports failures as events, never as errors; a refused cursor keeps its status for the machine to start again', async () => {
    answers['/prefix/api/news/?categories=1&page_size=24'] = { status: 200, body: { results: 'pas une liste' } };
    await expect(lastValueFrom(loadNews(base, 'actualites', ['1']))).resolves.toMatchObject({ type: 'NEWS_FAILED', error: { _tag: 'DecodeError' } });
    await expect(lastValueFrom(loadNews(base, 'inconnu', []))).resolves.toMatchObject({ type: 'NEWS_FAILED', error: { _tag: 'HttpError', status: 404 } });
    answers['/prefix/api/news/?cursor=stale'] = {
      status: 400,
      body: { statusCode: 400, error: 'Bad Request', message: 'the list changed since this page: ask for the first page again' },
    };
    await expect(lastValueFrom(loadMoreNews(base, '/api/news/?cursor=stale'))).resolves.toMatchObject({
      type: 'MORE_NEWS_FAILED',
      error: { _tag: 'HttpError', status: 400 },
    });
    await expect(lastValueFrom(loadNewsCategories(base, 'inconnu'))).resolves.toMatchObject({
      type: 'CATEGORIES_FAILED',
      error: { _tag: 'HttpError', status: 404 },
    });
  });

  it('gives the categories of the scope', async () => {
    answers['/prefix/api/categories/communiques/'] = { status: 200, body: [{ id: 5, title: 'Conseil d’État', slug: 'conseil-d-etat' }] };
    await expect(lastValueFrom(loadNewsCategories(base, 'communiques'))).resolves.toEqual({
      type: 'CATEGORIES_LOADED',
      categories: [{ id: '5', title: 'Conseil d’État', slug: 'conseil-d-etat' }],
    });
  });
});
