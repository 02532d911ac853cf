import { writeSearch } from '../../src/services/history-service';
import { syncPermalink } from '../../src/services/permalink-history';

// The header's switch as the server writes it for the list page in French.
const header = (): void => {
  document.body.innerHTML = ['fr', 'de', 'it', 'en']
    .map((language) => `<a data-set-lang="${language}" href="${language === 'fr' ? '' : `/${language}`}/annuaire/">${language}</a>`)
    .join('');
};

const hrefs = (): Record<string, string | null> =>
  Object.fromEntries(
    [...document.querySelectorAll<HTMLAnchorElement>('a[data-set-lang]')].map((link): [string, string | null] => [
      link.dataset['setLang'] ?? '',
      link.getAttribute('href'),
    ]),
  );

beforeEach(() => {
  window.history.replaceState(null, '', '/annuaire/');
  header();
});

test('a contact opened in place: each language link leads to the same contact, and back to the list once closed', () => {
  let open: string | null = null;
  const listeners = new Set<() => void>();
  const stop = syncPermalink({
    subscribe: (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    permalink: () => open,
    listPath: () => '/annuaire/',
  });
  open = '/annuaire/anne-rey/';
  listeners.forEach((listener) => listener());
  expect(hrefs()).toEqual({ fr: '/annuaire/anne-rey/', de: '/de/annuaire/anne-rey/', it: '/it/annuaire/anne-rey/', en: '/en/annuaire/anne-rey/' });
  open = null;
  window.history.replaceState(null, '', '/annuaire/anne-rey/');
  listeners.forEach((listener) => listener());
  expect(window.location.pathname).toBe('/annuaire/');
  expect(hrefs()['de']).toBe('/de/annuaire/');
  stop();
});

test('filters written to the address are kept by the language links', () => {
  writeSearch('push', '?categorie=Communes&q=sion');
  expect(hrefs()).toEqual({
    fr: '/annuaire/?categorie=Communes&q=sion',
    de: '/de/annuaire/?categorie=Communes&q=sion',
    it: '/it/annuaire/?categorie=Communes&q=sion',
    en: '/en/annuaire/?categorie=Communes&q=sion',
  });
});
