import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Subject } from 'rxjs';
import { createActor, fromEventObservable } from 'xstate';
import type { Language } from '../../src/i18n/language';
import type { SiteSearchEvent, SiteSearchRequest } from '../../src/services/site-search-service';
import { liveSiteSearchMachine } from '../../src/views/search/site-search-entry';
import { SiteSearchView } from '../../src/views/search/site-search-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { HITS, NONE, SEARCH_FAILURE } from '../support/site-search-fixtures';

/** The search page's widget with its real machine (the address included) and a fake search service. */
const searchPage = (text = '', language: Language = 'fr') => {
  const requests: { input: SiteSearchRequest; answer: Subject<SiteSearchEvent> }[] = [];
  const machine = liveSiteSearchMachine('', true).provide({
    actors: {
      search: fromEventObservable<SiteSearchEvent, SiteSearchRequest>(({ input }) => {
        const answer = new Subject<SiteSearchEvent>();
        requests.push({ input, answer });
        return answer;
      }),
    },
  });
  const actor = createActor(machine, { input: { text, limit: 20 } });
  actor.start();
  const container = document.createElement('div');
  container.setAttribute('lang', language);
  document.body.append(container);
  render(
    <WidgetRoot container={container}>
      <SiteSearchView actor={actor} />
    </WidgetRoot>,
    { container },
  );
  const answer = (event: SiteSearchEvent): void => act(() => requests.at(-1)!.answer.next(event));
  return { actor, requests, answer };
};

const box = () => screen.getByRole('searchbox', { name: 'Rechercher sur le site' });
const status = () => screen.getByRole('status');

beforeEach(() => window.history.replaceState(null, '', '/recherche/'));
afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe('the search page', () => {
  it('says what to type before anything is searched, in a GET form to the search page', () => {
    searchPage();
    expect(screen.getByRole('search', { name: 'Recherche sur le site' })).toHaveAttribute('action', '/recherche/');
    expect(box()).toHaveAttribute('name', 'q');
    expect(screen.getByText(/^Saisissez au moins deux caractères/)).toBeVisible();
    expect(status()).toHaveTextContent('');
  });

  it('searches at the key release, keeps the query in the address, and lists the results by kind with links to their pages', () => {
    const page = searchPage();
    fireEvent.change(box(), { target: { value: 'hel' } });
    expect(page.requests.at(-1)?.input).toEqual({ query: 'hel', limit: 20, pauseMs: 250 });
    fireEvent.keyUp(box(), { key: 'l' });
    expect(page.requests.at(-1)?.input).toEqual({ query: 'hel', limit: 20, pauseMs: 0 });
    expect(window.location.search).toBe('?q=hel');
    expect(status()).toHaveTextContent('Recherche en cours…');
    page.answer({ type: 'SEARCH_SENT' });
    page.answer({ type: 'RESULTS_LOADED', answer: HITS });
    expect(status()).toHaveTextContent('14 résultats pour « hel »');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual(['Contacts 12 résultats', 'Événements 1 résultat', 'Actualités 1 résultat']);
    const contacts = within(screen.getByRole('region', { name: 'Contacts 12 résultats' }));
    expect(contacts.getByRole('link', { name: 'Hélène Rochat' })).toHaveAttribute('href', '/annuaire/helene-rochat/');
    expect(contacts.getByText('Registre des intérêts : Membre du conseil d’administration de la Banque cantonale')).toBeVisible();
    expect(contacts.getByText('Le premier est affiché : précisez votre recherche pour trouver les autres.')).toBeVisible();
    const events = within(screen.getByRole('region', { name: 'Événements 1 résultat' }));
    expect(events.getByText('jeudi, 3 décembre 2026 à 18:30')).toHaveAttribute('datetime', '2026-12-03T18:30');
  });

  it('keeps the results of the previous query, marked busy, while the next one loads', () => {
    const page = searchPage('hel');
    page.answer({ type: 'SEARCH_SENT' });
    page.answer({ type: 'RESULTS_LOADED', answer: HITS });
    fireEvent.change(box(), { target: { value: 'hele' } });
    fireEvent.keyUp(box(), { key: 'e' });
    expect(screen.getByRole('region', { name: 'Résultats de la recherche' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('link', { name: 'Hélène Rochat' })).toBeVisible();
  });

  it('says when nothing matches, and offers to try again after a failure', () => {
    const page = searchPage('zoe');
    expect(page.requests).toHaveLength(1);
    page.answer({ type: 'SEARCH_SENT' });
    page.answer({ type: 'RESULTS_LOADED', answer: NONE });
    expect(status()).toHaveTextContent('Aucun résultat pour « zoe ». Vérifiez l’orthographe, ou essayez un autre mot.');
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    fireEvent.change(box(), { target: { value: 'hel' } });
    fireEvent.keyUp(box(), { key: 'l' });
    page.answer({ type: 'SEARCH_SENT' });
    page.answer({ type: 'RESULTS_FAILED', error: SEARCH_FAILURE });
    expect(screen.getByRole('alert')).toHaveTextContent('La recherche n’a pas pu aboutir.');
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(page.requests.at(-1)?.input).toEqual({ query: 'hel', limit: 20, pauseMs: 0 });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('forgets the query, and the address, when the box holds less than two characters', () => {
    const page = searchPage('hel');
    page.answer({ type: 'SEARCH_SENT' });
    page.answer({ type: 'RESULTS_LOADED', answer: HITS });
    window.history.replaceState(null, '', '/recherche/?q=hel');
    fireEvent.change(box(), { target: { value: 'h' } });
    expect(window.location.search).toBe('');
    expect(screen.queryAllByRole('link')).toEqual([]);
    expect(screen.getByText(/^Saisissez au moins deux caractères/)).toBeVisible();
  });

  it('links the results to the pages of the language shown', () => {
    const page = searchPage('hel', 'en');
    page.answer({ type: 'SEARCH_SENT' });
    page.answer({ type: 'RESULTS_LOADED', answer: HITS });
    expect(screen.getByRole('link', { name: 'Hélène Rochat' })).toHaveAttribute('href', '/en/annuaire/helene-rochat/');
    expect(screen.getByRole('search', { name: 'Site search' })).toHaveAttribute('action', '/en/recherche/');
    expect(screen.getByRole('status')).toHaveTextContent('14 results for “hel”');
  });
});
