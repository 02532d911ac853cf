import { intlFor } from '../../i18n/intl';
import { readLanguage, subscribeLanguage } from '../../i18n/language';
import type { JournalRecorder } from '../../services/journal-service';

/** A small panel that counts the recorded events and downloads the journal as JSON. */
export const showJournalPanel = (doc: Document, recorder: JournalRecorder): void => {
  const languageSource = doc.querySelector('main [data-widget]') ?? doc.documentElement;
  const panel = doc.createElement('aside');
  panel.className = 'journal-panel';
  const count = doc.createElement('p');
  count.setAttribute('role', 'status');
  const download = doc.createElement('button');
  download.type = 'button';
  download.className = 'button';
  panel.append(count, download);

  const render = (): void => {
    const intl = intlFor(readLanguage(languageSource));
    const events = recorder.journal().actors.reduce((sum, actor) => sum + actor.entries.length, 0);
    panel.setAttribute('aria-label', intl.formatMessage({ id: 'journal.label' }));
    count.textContent = intl.formatMessage({ id: 'journal.count' }, { count: events });
    download.textContent = intl.formatMessage({ id: 'journal.download' });
  };

  download.addEventListener('click', () => {
    const blob = new Blob([JSON.stringify(recorder.journal(), null, 2)], { type: 'application/json' });
    const link = doc.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `journal-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    link.click();
    window.setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  });
  recorder.subscribe(render);
  subscribeLanguage(languageSource, render);
  render();
  doc.body.append(panel);
  makeRoomFor(panel, doc);
};

/**
 * The panel floats over the page's bottom: the page gets that much room below its content, and a
 * control that takes focus is scrolled above the panel rather than under it (WCAG 2.4.11). The
 * room follows the panel's height (its text changes with the language and the count) and the window's.
 */
const makeRoomFor = (panel: HTMLElement, doc: Document): void => {
  const win = doc.defaultView;
  if (win === null) return;
  const bodyPadding = Number.parseFloat(win.getComputedStyle(doc.body).paddingBottom) || 0;
  const fit = (): void => {
    // From the panel's top edge to the window's bottom: its height and its offset from the edge.
    const room = Math.max(0, Math.ceil(win.innerHeight - panel.getBoundingClientRect().top));
    doc.documentElement.style.scrollPaddingBottom = `${room}px`;
    doc.body.style.paddingBottom = `${bodyPadding + room}px`;
  };
  fit();
  win.addEventListener('resize', fit);
  if (typeof ResizeObserver === 'function') new ResizeObserver(fit).observe(panel);
};
