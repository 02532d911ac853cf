import { FAILURE_NOTICE_ATTRIBUTE, type WakeOn } from '../entries/widget-entry';
import { elementAt, INTENT_EVENTS, recordIslandEvents, type IslandRecorder } from './island-events';

/** Loads an island's widget, mounts it over the server's markup, then replays what the recorder holds; rejects when the widget cannot start. */
export type WakeIsland = (container: HTMLElement, recorder: IslandRecorder) => Promise<void>;

// The attribute an island's container holds while its code loads (the page's style shows it busy).
const WAKING_ATTRIBUTE = 'aria-busy';

// The answers the server wrote after a container (services/embedded-answers.ts decodes them once the widget runs).
const isServed = (container: HTMLElement): boolean =>
  container.firstElementChild !== null && container.nextElementSibling?.matches('script[data-widget-answers]') === true;

const wakeOf = (container: HTMLElement): WakeOn => {
  const wake = container.dataset.wake;
  return wake === 'load' ? wake : 'intent';
};

// The page's one notice that a part of it runs in its simple form: said once, however many islands fail.
const NOTICE_CLASS = 'island-failure';

const sayOnce = (doc: Document, container: HTMLElement): void => {
  const text = container.getAttribute(FAILURE_NOTICE_ATTRIBUTE);
  if (text === null || text === '' || doc.querySelector(`.${NOTICE_CLASS}`) !== null) return;
  const notice = doc.createElement('p');
  notice.className = `notice ${NOTICE_CLASS}`;
  notice.setAttribute('role', 'status');
  container.before(notice);
  // A live region announces a change of its text, not the text it is born with.
  setTimeout(() => (notice.textContent = text), 50);
};

/**
 * An island whose code failed (refused, cut off, thrown while hydrating or starting) gives the
 * page back to its HTML: it stops holding the visitor's acts, and what it held goes on as the
 * HTML does it (a form's button submits the form to the server, a link is followed). The page
 * says once, politely, that it works in its simple form.
 */
const giveBack = (doc: Document, container: HTMLElement, recorder: IslandRecorder): void => {
  recorder.stop();
  for (const event of recorder.events()) {
    // A widget that threw has had the server's markup put back, a copy: the same place in it is the same control.
    const target = event.target.isConnected ? event.target : elementAt(container, event.path);
    if (target === null) continue;
    if (event.kind === 'click' && target instanceof HTMLElement) target.click();
    // What the visitor typed or chose stays in the field, ready for the form to send to the server.
    else if ((event.kind === 'input' || event.kind === 'keyup' || event.kind === 'change') && 'value' in target) target.value = event.value;
  }
  // Focus lost with the markup that was put back returns to the same place, so typing goes on.
  const focusPath = recorder.focusPath();
  const again = focusPath === null ? null : elementAt(container, focusPath);
  if ((doc.activeElement === null || doc.activeElement === doc.body) && again instanceof HTMLElement) {
    again.focus();
    if (again instanceof HTMLInputElement && again.type === 'search') again.setSelectionRange(again.value.length, again.value.length);
  }
  sayOnce(doc, container);
};

/**
 * Makes every widget container of the page an island. A container the server rendered keeps
 * its markup and sleeps until what its entry names (`data-wake`): the visitor's intent inside
 * it (pointer or touch down, focus, a key) or the page's load. Every other container (a content system's page), and every one when `wakeAll`
 * (the journal, the inspector), wakes at once. What the visitor did before is replayed.
 */
export const startIslands = (doc: Document, wake: WakeIsland, wakeAll: boolean): void => {
  let sleeping = 0;
  for (const container of doc.querySelectorAll<HTMLElement>('[data-widget]')) {
    const recorder = recordIslandEvents(container);
    let woken = false;
    const wakeNow = (): void => {
      if (woken) return;
      woken = true;
      sleeping -= 1;
      for (const type of INTENT_EVENTS) container.removeEventListener(type, wakeNow, true);
      container.setAttribute(WAKING_ATTRIBUTE, 'true');
      wake(container, recorder)
        .catch((error: unknown) => {
          console.error(error);
          giveBack(doc, container, recorder);
        })
        .finally(() => container.removeAttribute(WAKING_ATTRIBUTE));
    };
    sleeping += 1;
    const when = wakeAll || !isServed(container) ? 'load' : wakeOf(container);
    if (when === 'load') {
      wakeNow();
      continue;
    }
    for (const type of INTENT_EVENTS) container.addEventListener(type, wakeNow, { capture: true, passive: true });
    // Focus may already be inside (a page restored from history, a field the browser focused).
    if (container.contains(doc.activeElement)) wakeNow();
  }
  followHistory(doc, () => sleeping > 0);
};

const addressOf = (location: Location): string => `${location.pathname}${location.search}`;

/**
 * Back or Forward to an entry another document of this page pushed (a contact opened in place,
 * then the page reloaded): a sleeping widget cannot follow it, and its markup is the server's for
 * another address. The server is asked for the address, as without script.
 */
const followHistory = (doc: Document, asleep: () => boolean): void => {
  const win = doc.defaultView;
  if (win === null) return;
  const rendered = addressOf(win.location);
  win.addEventListener('popstate', () => {
    if (asleep() && addressOf(win.location) !== rendered) win.location.reload();
  });
};
