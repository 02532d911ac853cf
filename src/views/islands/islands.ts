import type { WakeOn } from '../entries/widget-entry';
import { INTENT_EVENTS, recordIslandEvents, type IslandEvent } from './island-events';

/** Loads an island's widget, mounts it over the server's markup, then replays what `events` gives. */
export type WakeIsland = (container: HTMLElement, events: () => readonly IslandEvent[]) => Promise<void>;

// The attribute an island's container holds while its code loads (the page's style shows it busy).
const WAKING_ATTRIBUTE = 'aria-busy';

// The answers the server wrote after a container (services/embedded-answers.ts decodes them once the widget runs).
const isServed = (container: HTMLElement): boolean =>
  container.firstElementChild !== null && container.nextElementSibling?.matches('script[data-widget-answers]') === true;

const wakeOf = (container: HTMLElement): WakeOn => {
  const wake = container.dataset.wake;
  return wake === 'load' || wake === 'visible' ? wake : 'intent';
};

// Work that can wait until the browser has nothing else to do (Safari lacks requestIdleCallback).
const whenIdle = (win: Window, run: () => void): void => {
  if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 2000 });
  else win.setTimeout(run, 200);
};

const whenVisible = (win: Window, container: HTMLElement, run: () => void): void => {
  if (typeof IntersectionObserver !== 'function') {
    whenIdle(win, run);
    return;
  }
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    whenIdle(win, run);
  });
  observer.observe(container);
};

/**
 * Makes every widget container of the page an island. A container the server rendered keeps
 * its markup and sleeps until what its entry names (`data-wake`): the visitor's intent inside
 * it (pointer or touch down, focus, a key), its visibility while the browser is idle, or the
 * page's load. Every other container (a content system's page), and every one when `wakeAll`
 * (the journal, the inspector), wakes at once. What the visitor did before is replayed.
 */
export const startIslands = (doc: Document, wake: WakeIsland, wakeAll: boolean): void => {
  const win = doc.defaultView ?? window;
  for (const container of doc.querySelectorAll<HTMLElement>('[data-widget]')) {
    const recorder = recordIslandEvents(container);
    let woken = false;
    const wakeNow = (): void => {
      if (woken) return;
      woken = true;
      for (const type of INTENT_EVENTS) container.removeEventListener(type, wakeNow, true);
      container.setAttribute(WAKING_ATTRIBUTE, 'true');
      wake(container, () => {
        recorder.stop();
        return recorder.events();
      })
        .catch((error: unknown) => {
          recorder.stop();
          // The server's markup stays, and its links and forms work without script: a held click
          // is given back to the browser (a form's button submits it to the server). The cause goes to the console.
          console.error(error);
          for (const event of recorder.events()) if (event.kind === 'click' && event.target.isConnected) event.target.click();
        })
        .finally(() => container.removeAttribute(WAKING_ATTRIBUTE));
    };
    const when = wakeAll || !isServed(container) ? 'load' : wakeOf(container);
    if (when === 'load') {
      wakeNow();
      continue;
    }
    for (const type of INTENT_EVENTS) container.addEventListener(type, wakeNow, { capture: true, passive: true });
    // Focus may already be inside (a page restored from history, a field the browser focused).
    if (container.contains(doc.activeElement)) wakeNow();
    if (when === 'visible') whenVisible(win, container, wakeNow);
  }
};
