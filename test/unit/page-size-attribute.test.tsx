import { act, cleanup, render } from '@testing-library/react';
import { EVERY_SECTION } from '../../src/domain/site-sections';
import { of } from 'rxjs';
import { PAGE_SIZES } from '../../src/domain/paging';
import { agendaEntry } from '../../src/views/agenda/agenda-entry';
import { directoryEntry } from '../../src/views/directory/directory-entry';
import type { WidgetEntry } from '../../src/views/entries/widget-entry';
import { newsEntry } from '../../src/views/news/news-entry';
import { WidgetRoot } from '../../src/views/shared/widget-root';

/** The list calls a widget makes as its entry creates it in a container with these attributes. */
const listCalls = async (entry: WidgetEntry, pathname: string, list: string, attributes: Readonly<Record<string, string>>): Promise<URLSearchParams[]> => {
  const paths: string[] = [];
  const created = entry.create({
    language: 'fr',
    attribute: (name) => attributes[name] ?? null,
    location: { pathname, search: '' },
    api: {
      base: '',
      answer: (path) => {
        paths.push(path);
        return of([]);
      },
    },
    side: 'server',
    root: 'fr',
    sections: EVERY_SECTION,
    now: Date.UTC(2026, 10, 23, 11),
    observe: () => undefined,
  });
  await act(async () => {
    created.actor?.start();
    render(<WidgetRoot language="fr">{created.element}</WidgetRoot>);
  });
  created.actor?.stop();
  return paths.filter((path) => path.startsWith(list)).map((path) => new URL(path, 'https://site.example').searchParams);
};

const WIDGETS = [
  ['directory', directoryEntry, '/annuaire/', '/api/contacts/?', PAGE_SIZES.contacts],
  ['news', newsEntry, '/actualites/', '/api/news/', PAGE_SIZES.news],
  ['agenda', agendaEntry, '/agenda/', '/api/agenda/', PAGE_SIZES.events],
] as const;

afterEach(cleanup);

describe('a container’s data-page-size', () => {
  it.each(WIDGETS)('sets how many cards the %s asks for at a time', async (_name, entry, pathname, list) => {
    const calls = await listCalls(entry, pathname, list, { 'data-page-size': '2', 'data-news-scope': 'actualites' });
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.map((query) => query.get('page_size'))).toStrictEqual(calls.map(() => '2'));
  });

  it.each(WIDGETS)('is the %s’s own size when missing or unreadable', async (_name, entry, pathname, list, size) => {
    const unreadable: readonly Readonly<Record<string, string>>[] = [{}, { 'data-page-size': '0' }, { 'data-page-size': '500' }, { 'data-page-size': 'dix' }];
    for (const attributes of unreadable) {
      const calls = await listCalls(entry, pathname, list, { ...attributes, 'data-news-scope': 'actualites' });
      expect(calls.length).toBeGreaterThan(0);
      expect(calls.map((query) => query.get('page_size'))).toStrictEqual(calls.map(() => String(size)));
      cleanup();
    }
  });
});
