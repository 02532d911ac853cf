import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as t from 'io-ts';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { ContactList } from '../../src/domain/contact';
import { DEFAULT_RETRY_POLICY, getJson, isHttpFailure, type HttpFailure } from '../../src/services/http';

// One attempt: the retries are test/unit/http-retry.test.ts's business, in virtual time.
const ONCE = { ...DEFAULT_RETRY_POLICY, retries: 0 };

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

let server: Server;
let base: string;
let handler: Handler;

beforeAll(async () => {
  server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const answer =
  (status: number, body: string): Handler =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body);
  };

const failureOf = async (promise: Promise<unknown>): Promise<HttpFailure> => {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (reason: unknown) => reason,
  );
  if (!isHttpFailure(error)) throw new Error(`expected a tagged failure, got ${String(error)}`);
  return error;
};

describe('getJson', () => {
  it('emits the decoded answer once, without unknown fields, and completes', async () => {
    handler = answer(200, JSON.stringify([{ title: 'Hélène Rochat', parti: 'PLR', unknown: 1 }]));
    const values = await lastValueFrom(getJson(base, '/api/contacts/', ContactList));
    expect(values).toEqual([{ title: 'Hélène Rochat', parti: 'PLR' }]);
  });

  it('asks for JSON at the base joined with the path', async () => {
    let seen: IncomingMessage | undefined;
    handler = (request, response) => {
      seen = request;
      answer(200, '[]')(request, response);
    };
    await firstValueFrom(getJson(base, '/api/contacts/?title=hel', ContactList));
    expect(seen?.url).toBe('/api/contacts/?title=hel');
    expect(seen?.headers.accept).toBe('application/json');
  });

  it('fails with an HttpError that carries the status', async () => {
    handler = answer(503, JSON.stringify({ message: 'maintenance' }));
    const failure = await failureOf(firstValueFrom(getJson(base, '/api/contacts/', ContactList, ONCE)));
    expect(failure).toEqual({ _tag: 'HttpError', url: `${base}/api/contacts/`, status: 503 });
  });

  it('fails with a NetworkError when nothing answers', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const failure = await failureOf(firstValueFrom(getJson(`http://127.0.0.1:${port}`, '/api/contacts/', ContactList, ONCE)));
    expect(failure._tag).toBe('NetworkError');
  });

  it('fails with a DecodeError that names the faulty field', async () => {
    handler = answer(200, JSON.stringify([{ title: 42 }]));
    const failure = await failureOf(firstValueFrom(getJson(base, '/api/contacts/', ContactList)));
    expect(failure._tag).toBe('DecodeError');
    expect(failure._tag === 'DecodeError' && failure.report.join('\n')).toMatch(/title/);
  });

  it('fails with a DecodeError when the answer is not JSON', async () => {
    handler = answer(200, '<html>maintenance</html>');
    const failure = await failureOf(firstValueFrom(getJson(base, '/api/contacts/', t.unknown)));
    expect(failure).toEqual({ _tag: 'DecodeError', url: `${base}/api/contacts/`, report: ['the answer is not JSON'] });
  });

  it('carries a 503’s `Retry-After`, in milliseconds', async () => {
    handler = (_request, response) => {
      response.writeHead(503, { 'content-type': 'application/json', 'retry-after': '5' });
      response.end('{}');
    };
    const failure = await failureOf(firstValueFrom(getJson(base, '/api/contacts/', ContactList, ONCE)));
    expect(failure).toEqual({ _tag: 'HttpError', url: `${base}/api/contacts/`, status: 503, retryAfterMs: 5_000 });
  });

  it('tries a 503 again and emits the next answer', async () => {
    let calls = 0;
    handler = (request, response) => {
      calls += 1;
      answer(calls === 1 ? 503 : 200, calls === 1 ? '{}' : '[]')(request, response);
    };
    const values = await lastValueFrom(getJson(base, '/api/contacts/', ContactList, { ...DEFAULT_RETRY_POLICY, baseMs: 10 }));
    expect(values).toEqual([]);
    expect(calls).toBe(2);
  });

  it('aborts the request when the subscriber unsubscribes', async () => {
    let arrived: () => void = () => undefined;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    const aborted = new Promise<void>((resolve) => {
      handler = (request, response) => {
        response.on('close', () => {
          if (!response.writableEnded) resolve();
        });
        request.resume();
        arrived();
      };
    });
    const received = jest.fn();
    const subscription = getJson(base, '/api/contacts/', ContactList).subscribe({ next: received, error: received });
    await requestArrived;
    subscription.unsubscribe();
    await aborted;
    expect(received).not.toHaveBeenCalled();
  });
});
