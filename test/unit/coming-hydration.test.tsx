import { act } from '@testing-library/react';
import { EVERY_SECTION } from '../../src/domain/site-sections';
import { renderToString } from 'react-dom/server';
import { of } from 'rxjs';
import type { AgendaEvent } from '../../src/domain/agenda';
import { dayNumber, zurichInstant } from '../../src/domain/calendar-days';
import { DATA_BLOCK_ATTRIBUTE } from '../../src/services/embedded-answers';
import { liveAnswers } from '../../src/views/entries/live-answers';
import { mountEntry } from '../../src/views/entries/mount-entry';
import { homeEntry } from '../../src/views/home/home-entry';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { NO_TOOLS } from '../../src/views/widget';

// The home page rendered by the server at 09:59, woken by a visitor's browser at 10:01: a session of
// 10:00 is over by the browser's clock, but the first render is the server's, so nothing mismatches.

const TODAY = '2026-11-23';
const at = (hour: number, minute: number): number => zurichInstant(dayNumber(TODAY) ?? 0, hour, minute, 0);

const EVENTS: AgendaEvent[] = [
  { id: '1', bel_date: TODAY, title: 'Séance du matin', start_time: '10:00' },
  { id: '2', bel_date: '2026-11-24', title: 'Conférence', start_time: '18:00' },
  { id: '3', bel_date: '2026-11-25', title: 'Visite', start_time: null },
  { id: '4', bel_date: '2026-11-26', title: 'Concert', start_time: '20:00' },
];

/** What the server writes for the home at a moment: its markup, and its data block with its answers and, unless left out, that moment. */
const serverHome = async (now: number, writeNow: boolean): Promise<HTMLElement> => {
  const answers: Record<string, unknown> = {};
  const created = homeEntry.create({
    language: 'fr',
    attribute: (name) => (name === 'data-agenda-id' ? '1' : null),
    location: { pathname: '/', search: '' },
    api: {
      base: '',
      answer: (path) => {
        const body = path.startsWith('/api/agenda/') ? EVENTS : [];
        answers[path] = body;
        return of(body);
      },
    },
    side: 'server',
    root: 'fr',
    sections: EVERY_SECTION,
    now,
    observe: () => undefined,
  });
  created.actor?.start();
  await act(async () => undefined);
  const html = renderToString(<WidgetRoot language="fr">{created.element}</WidgetRoot>);
  created.actor?.stop();
  const container = document.createElement('div');
  container.setAttribute('data-widget', 'home');
  container.setAttribute('lang', 'fr');
  container.innerHTML = html;
  const block = document.createElement('script');
  block.type = 'application/json';
  block.setAttribute(DATA_BLOCK_ATTRIBUTE, '');
  block.textContent = JSON.stringify(writeNow ? { answers, now } : { answers });
  document.body.append(container, block);
  return container;
};

/** Wakes a served container with the browser's clock at `browserNow`; answers what React said went wrong (logged or thrown) and the markup once awake. */
const wake = async (container: HTMLElement, browserNow: number): Promise<{ said: unknown[]; html: string }> => {
  const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const clock = jest.spyOn(Date, 'now').mockReturnValue(browserNow);
  const said: unknown[] = [];
  // React reports a hydration mismatch it recovered from as the page's error (reportError).
  const reported = (event: ErrorEvent): void => {
    event.preventDefault();
    said.push(event.error);
  };
  window.addEventListener('error', reported);
  let unmount = (): void => undefined;
  try {
    await act(async () => {
      unmount = mountEntry(homeEntry, container, NO_TOOLS, liveAnswers(container));
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
  } catch (error) {
    said.push(error);
  }
  const html = container.innerHTML;
  try {
    await act(async () => unmount());
  } catch (error) {
    said.push(error);
  } finally {
    said.push(...errors.mock.calls);
    window.removeEventListener('error', reported);
    clock.mockRestore();
    errors.mockRestore();
  }
  return { said, html };
};

afterEach(() => document.body.replaceChildren());

describe('the home page woken after one of its events is over', () => {
  it('lists the session of 10:00 before 10:00, and no longer from 10:00, on the server', async () => {
    const before = await serverHome(at(9, 59), true);
    const after = await serverHome(at(10, 0), true);
    expect(before.textContent).toContain('Séance du matin');
    expect(after.textContent).not.toContain('Séance du matin');
    // Three events are still named once it is over.
    expect(after.textContent).toContain('Concert');
  });

  it('hydrates the markup of 09:59 at 10:01 without a mismatch: its first render is the server’s moment', async () => {
    const container = await serverHome(at(9, 59), true);
    const served = container.innerHTML;
    const { said, html } = await wake(container, at(10, 1));
    expect(said).toEqual([]);
    expect(html).toBe(served);
    expect(html).toContain('Séance du matin');
  });

  it('would mismatch if the browser took its own clock: the test sees what it guards against', async () => {
    const container = await serverHome(at(9, 59), false);
    const { said } = await wake(container, at(10, 1));
    expect(said.length).toBeGreaterThan(0);
  });
});
