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
};
