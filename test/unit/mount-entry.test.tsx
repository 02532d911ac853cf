import { act } from '@testing-library/react';
import * as t from 'io-ts';
import { useSyncExternalStore } from 'react';
import { renderToString } from 'react-dom/server';
import { getJson } from '../../src/services/http';
import { DATA_BLOCK_ATTRIBUTE } from '../../src/services/embedded-answers';
import { liveAnswers } from '../../src/views/entries/live-answers';
import { mountEntry } from '../../src/views/entries/mount-entry';
import type { WidgetEntry } from '../../src/views/entries/widget-entry';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { NO_TOOLS } from '../../src/views/widget';

/** A widget that shows the titles of one API answer, asked for through the setting's API as a machine's service would. */
const titlesEntry: WidgetEntry = {
  name: 'titles',
  wake: 'intent',
  create: (setting) => {
    let titles: readonly string[] | null = null;
    const listeners = new Set<() => void>();
    getJson(setting.api, '/api/titles/', t.array(t.string)).subscribe((value) => {
      titles = value;
      for (const listener of listeners) listener();
    });
    const Titles = () => {
      const shown = useSyncExternalStore(
        (listener) => (listeners.add(listener), () => listeners.delete(listener)),
        () => titles,
        () => titles,
      );
      return <ul>{shown === null ? <li>…</li> : shown.map((title) => <li key={title}>{title}</li>)}</ul>;
    };
    return { element: <Titles /> };
  },
};

const Thrower = (): never => {
  throw new Error('the widget broke');
};

/** A container as the server writes it: its markup, then its data block. */
const served = (html: string, answers: Record<string, unknown>): HTMLElement => {
  const container = document.createElement('div');
  container.setAttribute('data-widget', 'titles');
  container.setAttribute('lang', 'fr');
  container.innerHTML = html;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.setAttribute(DATA_BLOCK_ATTRIBUTE, '');
  block.textContent = JSON.stringify({ answers });
  document.body.append(container, block);
  return container;
};

afterEach(() => document.body.replaceChildren());

describe('mounting a widget the server rendered', () => {
  it('hands the embedded answer to the widget without a request, and marks the container ready', async () => {
    const fetchSpy = jest.fn(() => Promise.reject(new Error('no request expected')));
    globalThis.fetch = fetchSpy;
    const html = renderToString(
      <WidgetRoot language="fr">
        <ul>
          <li>Budget</li>
          <li>Séance</li>
        </ul>
      </WidgetRoot>,
    );
    const container = served(html, { '/api/titles/': ['Budget', 'Séance'] });
    let unmount = (): void => undefined;
    await act(async () => {
      unmount = mountEntry(titlesEntry, container, NO_TOOLS, liveAnswers(container));
    });
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['Budget', 'Séance']);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(container.hasAttribute('data-ready')).toBe(true);
    unmount();
  });

  it("puts the server's markup back when the widget throws while it hydrates", async () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = served('<p>Le contenu du serveur</p>', {});
    // Outside act(), as in a page: inside it React hands render errors to act() instead of the root's handler.
    const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const previous = environment.IS_REACT_ACT_ENVIRONMENT;
    environment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      mountEntry({ name: 'broken', wake: 'intent', create: () => ({ element: <Thrower /> }) }, container, NO_TOOLS);
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      environment.IS_REACT_ACT_ENVIRONMENT = previous;
    }
    expect(container.textContent).toBe('Le contenu du serveur');
    expect(errors).toHaveBeenCalled();
    errors.mockRestore();
  });
});
