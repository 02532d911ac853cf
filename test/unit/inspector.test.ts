import type { AddressInfo } from 'node:net';
import { Subject } from 'rxjs';
import { WebSocketServer, type RawData } from 'ws';
import { createActor, fromEventObservable } from 'xstate';
import type { DirectoryFilters } from '../../src/domain/directory';
import { directoryMachine } from '../../src/machines/directory-machine';
import type { CategoriesEvent, ContactsEvent } from '../../src/services/contacts-service';
import { connectInspector } from '../../src/services/inspector-service';
import { CATEGORIES, CONTACTS } from '../support/directory-fixtures';

interface Message {
  readonly type: string;
  readonly sessionId?: string;
  readonly event?: { readonly type: string };
}

describe('the WebSocket inspector (?inspect=ws://host:port)', () => {
  let server: WebSocketServer;
  const received: Message[] = [];

  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    // ws hands a message over as one Buffer, an ArrayBuffer or the Buffers of its fragments.
    const textOf = (data: RawData): string => (Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data)).toString('utf8');
    server.on('connection', (socket) => socket.on('message', (data) => received.push(JSON.parse(textOf(data)) as Message)));
  });

  afterAll(async () => {
    for (const client of server.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('receives every actor, every event and every snapshot of a widget', async () => {
    const { port } = server.address() as AddressInfo;
    const inspect = connectInspector(`ws://127.0.0.1:${port}`);
    const contacts = new Subject<ContactsEvent>();
    const categories = new Subject<CategoriesEvent>();
    const machine = directoryMachine.provide({
      actors: {
        loadContacts: fromEventObservable<ContactsEvent, DirectoryFilters>(() => contacts),
        loadCategories: fromEventObservable<CategoriesEvent, void>(() => categories),
      },
    });
    const actor = createActor(machine, { input: {}, inspect });
    actor.start();
    categories.next({ type: 'CATEGORIES_LOADED', categories: CATEGORIES });
    contacts.next({ type: 'CONTACTS_LOADED', contacts: CONTACTS });
    actor.send({ type: 'OPEN_DETAILS', slug: 'helene-rochat' });
    actor.send({ type: 'CLOSE_DETAILS' });

    const deadline = Date.now() + 10_000;
    while (!received.some((message) => message.type === '@xstate.event' && message.event?.type === 'CLOSE_DETAILS') && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    actor.stop();

    const actors = received.filter((message) => message.type === '@xstate.actor').map((message) => message.sessionId);
    // The widget's machine, its history watcher and its two services.
    expect(new Set(actors).size).toBeGreaterThanOrEqual(4);
    const events = received.filter((message) => message.type === '@xstate.event').map((message) => message.event?.type);
    expect(events).toEqual(expect.arrayContaining(['xstate.init', 'CATEGORIES_LOADED', 'CONTACTS_LOADED', 'OPEN_DETAILS', 'CLOSE_DETAILS']));
    const rootSnapshots = received.filter((message) => message.type === '@xstate.snapshot' && message.sessionId === actors[0]);
    // One snapshot for the start and one for each of the four events the machine received.
    expect(rootSnapshots.length).toBeGreaterThanOrEqual(5);
  });
});
