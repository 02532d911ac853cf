import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@jest/globals';
import { lastValueFrom, NEVER, Observable, of, Subject, toArray } from 'rxjs';
import { createActor, fromEventObservable } from 'xstate';
import { replayJournal } from '../../src/machines/journal-replay';
import { siteSearchMachine } from '../../src/machines/site-search-machine';
import type { AnswerSource } from '../../src/services/http';
import { createJournalRecorder } from '../../src/services/journal-service';
import { searchSite, type SiteSearchEvent, type SiteSearchRequest } from '../../src/services/site-search-service';
import { HITS } from '../support/site-search-fixtures';

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

/** A source that answers every path from `answer` and records what was asked and dropped. */
const source = (answer: (path: string) => Observable<unknown>) => {
  const asked: string[] = [];
  const dropped: string[] = [];
  const api: AnswerSource = {
    base: '',
    answer: (path) =>
      new Observable<unknown>((subscriber) => {
        asked.push(path);
        let done = false;
        const subscription = answer(path).subscribe({
          next: (value) => subscriber.next(value),
          error: (error: unknown) => {
            done = true;
            subscriber.error(error);
          },
          complete: () => {
            done = true;
            subscriber.complete();
          },
        });
        return () => {
          if (!done) dropped.push(path);
          subscription.unsubscribe();
        };
      }),
  };
  return { api, asked, dropped };
};

describe('the site search service', () => {
  it('asks GET /api/search/ with the query and the limit, and says when the request goes out, then the decoded answer', async () => {
    answers['/prefix/api/search/?q=h%C3%A9l%C3%A8ne+rey&limit=5'] = { status: 200, body: HITS };
    const events = await lastValueFrom(searchSite(base, { query: 'hélène rey', limit: 5, pauseMs: 0 }).pipe(toArray()));
    expect(requests).toEqual(['/prefix/api/search/?q=h%C3%A9l%C3%A8ne+rey&limit=5']);
    expect(events).toEqual([{ type: 'SEARCH_SENT' }, { type: 'RESULTS_LOADED', answer: HITS }]);
  });

  it('tells a failed call and an answer of another shape apart, both as a failure', async () => {
    answers['/prefix/api/search/?q=zz&limit=20'] = { status: 200, body: { query: 'zz', groups: [{ kind: 'shop', count: 1, results: [] }] } };
    const decoded = await lastValueFrom(searchSite(base, { query: 'zz', limit: 20, pauseMs: 0 }).pipe(toArray()));
    expect(decoded[1]).toEqual({ type: 'RESULTS_FAILED', error: expect.objectContaining({ _tag: 'DecodeError' }) });
    const missing = await lastValueFrom(searchSite(base, { query: 'yy', limit: 20, pauseMs: 0 }).pipe(toArray()));
    expect(missing[1]).toEqual({ type: 'RESULTS_FAILED', error: expect.objectContaining({ _tag: 'HttpError', status: 404 }) });
  });

  it('answers at once from an answer the page holds, without waiting', () => {
    const { api } = source(() => of(HITS));
    const events: SiteSearchEvent[] = [];
    searchSite(api, { query: 'hel', limit: 20, pauseMs: 0 }).subscribe((event) => events.push(event));
    expect(events).toEqual([{ type: 'SEARCH_SENT' }, { type: 'RESULTS_LOADED', answer: HITS }]);
  });

  it('waits the pause before asking, and asks nothing when a newer query comes first', () => {
    jest.useFakeTimers();
    try {
      const { api, asked } = source(() => NEVER);
      const events: SiteSearchEvent[] = [];
      const stale = searchSite(api, { query: 'he', limit: 5, pauseMs: 250 }).subscribe((event) => events.push(event));
      jest.advanceTimersByTime(200);
      stale.unsubscribe();
      jest.advanceTimersByTime(1000);
      expect(asked).toEqual([]);
      expect(events).toEqual([]);
      searchSite(api, { query: 'hel', limit: 5, pauseMs: 250 }).subscribe((event) => events.push(event));
      jest.advanceTimersByTime(249);
      expect(asked).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(asked).toEqual(['/api/search/?q=hel&limit=5']);
      expect(events).toEqual([{ type: 'SEARCH_SENT' }]);
    } finally {
      jest.useRealTimers();
    }
  });

  it('drops the request under way when a newer query replaces it', () => {
    const { api, dropped } = source(() => NEVER);
    const older = searchSite(api, { query: 'hel', limit: 5, pauseMs: 0 }).subscribe();
    older.unsubscribe();
    expect(dropped).toEqual(['/api/search/?q=hel&limit=5']);
  });
});

describe('a journal of the site search', () => {
  it('replays a session of the header’s suggestions to identical states', () => {
    const recorder = createJournalRecorder('/annuaire/?journal', () => 0);
    const answers: Subject<SiteSearchEvent>[] = [];
    const machine = siteSearchMachine.provide({
      actors: {
        search: fromEventObservable<SiteSearchEvent, SiteSearchRequest>(() => {
          const answer = new Subject<SiteSearchEvent>();
          answers.push(answer);
          return answer;
        }),
      },
    });
    const input = { limit: 5 };
    const actor = createActor(machine, { input, inspect: recorder.observe('site-search', input) });
    actor.start();
    actor.send({ type: 'TEXT_CHANGED', text: 'hel' });
    actor.send({ type: 'KEY_RELEASED', text: 'hel' });
    answers.at(-1)!.next({ type: 'SEARCH_SENT' });
    answers.at(-1)!.next({ type: 'RESULTS_LOADED', answer: HITS });
    actor.send({ type: 'MOVE', step: 1 });
    actor.send({ type: 'DISMISS' });
    actor.stop();
    const [replay] = replayJournal(recorder.journal());
    expect(replay?.widget).toBe('site-search');
    expect(replay?.steps.map((step) => step.event.type)).toEqual([
      'xstate.init',
      'TEXT_CHANGED',
      'KEY_RELEASED',
      'SEARCH_SENT',
      'RESULTS_LOADED',
      'MOVE',
      'DISMISS',
    ]);
    expect(replay?.same).toBe(true);
  });
});
