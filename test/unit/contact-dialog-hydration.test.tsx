import { act, fireEvent, screen, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { of } from 'rxjs';
import { createActor, fromEventObservable } from 'xstate';
import { contactSlug } from '../../src/domain/permalinks';
import type { CategoriesEvent, ContactEvent, ContactsEvent, MoreContactsEvent } from '../../src/services/contacts-service';
import { liveDirectoryMachine } from '../../src/views/directory/directory-entry';
import { DirectoryView } from '../../src/views/directory/directory-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { CATEGORIES, CONTACTS } from '../support/directory-fixtures';

const OPENED = CONTACTS[0]!;

/** The directory at the contact's own address, its answers in at once: the same first screen on the server and in the browser. */
const permalinkActor = () =>
  createActor(
    liveDirectoryMachine('', null).provide({
      actors: {
        loadContacts: fromEventObservable(() => of<ContactsEvent>({ type: 'CONTACTS_LOADED', contacts: CONTACTS })),
        loadMore: fromEventObservable(() => of<MoreContactsEvent>({ type: 'MORE_CONTACTS_LOADED', contacts: [], next: null })),
        loadContact: fromEventObservable(() => of<ContactEvent>({ type: 'CONTACT_LOADED', contact: OPENED })),
        loadCategories: fromEventObservable(() => of<CategoriesEvent>({ type: 'CATEGORIES_LOADED', categories: CATEGORIES })),
      },
    }),
    { input: { permalink: contactSlug(OPENED) } },
  ).start();

/** The server's markup: its renderer waits for the modal's chunk; here a first render starts loading it and the next finds it in. */
const serverMarkup = async (): Promise<string> => {
  const actor = permalinkActor();
  const element = (
    <WidgetRoot language="fr">
      <DirectoryView actor={actor} />
    </WidgetRoot>
  );
  renderToString(element);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const html = renderToString(element);
  actor.stop();
  return html;
};

// The vCard link holds the time it was written (vcard-creator's REV): one instant for both renders, so the
// comparison is of what the view decides. Only the clock is frozen; timers run.
beforeEach(() => {
  jest.useFakeTimers({
    now: new Date('2026-03-02T10:00:00Z'),
    doNotFake: [
      'nextTick',
      'queueMicrotask',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'hrtime',
      'performance',
    ],
  });
});

afterEach(() => {
  jest.useRealTimers();
  document.body.replaceChildren();
});

describe("a contact's dialog drawn by the server", () => {
  it('hydrates without a mismatch, the list behind it inert; closed, the list is live and its card has focus', async () => {
    const html = await serverMarkup();
    const container = document.createElement('div');
    container.setAttribute('lang', 'fr');
    container.innerHTML = html;
    document.body.append(container);
    // The server drew the list inert behind the dialog, and the dialog outside it.
    expect(container.querySelector('[role="search"]')?.closest('[inert]')).not.toBeNull();
    expect(container.querySelector('[role="dialog"]')?.closest('[inert]')).toBeNull();

    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const recoverable: unknown[] = [];
    const actor = permalinkActor();
    await act(async () => {
      hydrateRoot(
        container,
        <WidgetRoot container={container}>
          <DirectoryView actor={actor} />
        </WidgetRoot>,
        { onRecoverableError: (error) => recoverable.push(error) },
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(errors.mock.calls).toEqual([]);
    expect(recoverable).toEqual([]);
    errors.mockRestore();

    const dialog = screen.getByRole('dialog', { name: OPENED.title });
    expect(dialog).toContainElement(document.activeElement as HTMLElement | null);
    expect(screen.getByRole('searchbox', { name: 'Rechercher un nom' }).closest('[inert]')).not.toBeNull();

    act(() => {
      fireEvent.click(within(dialog).getByRole('link', { name: 'Fermer' }));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(container.querySelector('[inert]')).toBeNull();
    expect(document.activeElement).toBe(within(screen.getAllByRole('article')[0]!).getByRole('link', { name: OPENED.title }));
    actor.stop();
  });
});
