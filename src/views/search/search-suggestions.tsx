import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';

import { SEARCH_PAGE_PATH, searchHits, searchPageQuery, type SearchHit } from '../../domain/site-search';
import {
  selectAnswer,
  selectBusy,
  selectCapped,
  selectExpanded,
  selectHighlight,
  selectHits,
  selectPanelOpen,
  selectStatus,
  selectTotal,
  type siteSearchMachine,
} from '../../machines/site-search-machine';
import { useLocale } from '../shared/widget-root';
import { GROUP_TITLES, HitDetails } from './search-result';

type SiteSearchActor = ActorRefFrom<typeof siteSearchMachine>;

const ARROWS: Readonly<Record<string, 1 | -1>> = { ArrowDown: 1, ArrowUp: -1 };

/**
 * Binds the page's own search box (a plain GET form that works without script) to the machine:
 * its events become the machine's, and its ARIA attributes follow the machine's state, as the
 * ARIA 1.2 combobox pattern asks (`aria-expanded`, `aria-activedescendant`).
 */
const useComboboxBox = (actor: SiteSearchActor, input: HTMLInputElement, form: HTMLFormElement, listId: string, expanded: boolean, active: string | null): void => {
  useEffect(() => {
    const was = { role: input.getAttribute('role'), autocomplete: input.getAttribute('autocomplete') };
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-controls', listId);
    input.setAttribute('autocomplete', 'off');
    const onInput = (): void => actor.send({ type: 'TEXT_CHANGED', text: input.value });
    // Every key release is offered: one that changed nothing (an arrow, Escape) asks nothing of the server.
    const onKeyUp = (): void => actor.send({ type: 'KEY_RELEASED', text: input.value });
    const onKeyDown = (event: KeyboardEvent): void => {
      const step = ARROWS[event.key];
      if (step !== undefined) {
        event.preventDefault();
        actor.send({ type: 'MOVE', step });
      } else if (event.key === 'Escape' && selectPanelOpen(actor.getSnapshot())) {
        event.preventDefault();
        actor.send({ type: 'DISMISS' });
      } else if (event.key === 'Enter' && selectHighlight(actor.getSnapshot()) !== null && actor.getSnapshot().can({ type: 'CHOOSE' })) {
        // Enter on a highlighted suggestion opens it; with none, the form goes to the search page.
        event.preventDefault();
        actor.send({ type: 'CHOOSE' });
      }
    };
    // Leaving the search (not for its own panel's link or button) closes the suggestions.
    const onFocusOut = (event: FocusEvent): void => {
      if (!(event.relatedTarget instanceof Node && form.contains(event.relatedTarget))) actor.send({ type: 'DISMISS' });
    };
    input.addEventListener('input', onInput);
    input.addEventListener('keyup', onKeyUp);
    input.addEventListener('keydown', onKeyDown);
    form.addEventListener('focusout', onFocusOut);
    // What was typed before these listeners (while the suggestions' code loaded) is searched now.
    if (input.value !== actor.getSnapshot().context.text) actor.send({ type: 'KEY_RELEASED', text: input.value });
    return () => {
      input.removeEventListener('input', onInput);
      input.removeEventListener('keyup', onKeyUp);
      input.removeEventListener('keydown', onKeyDown);
      form.removeEventListener('focusout', onFocusOut);
      for (const name of ['aria-autocomplete', 'aria-controls', 'aria-expanded', 'aria-activedescendant']) input.removeAttribute(name);
      if (was.role === null) input.removeAttribute('role');
      else input.setAttribute('role', was.role);
      if (was.autocomplete === null) input.removeAttribute('autocomplete');
      else input.setAttribute('autocomplete', was.autocomplete);
    };
  }, [actor, input, form, listId]);
  // In the same commit as the list: a screen reader never hears an expanded box over a closed list.
  useLayoutEffect(() => {
    input.setAttribute('aria-expanded', String(expanded));
    if (active === null) input.removeAttribute('aria-activedescendant');
    else input.setAttribute('aria-activedescendant', active);
  }, [input, expanded, active]);
};

/**
 * The suggestions of a search box (the header's, the home page's): as one types, a few results of
 * each kind in a listbox grouped by kind; the arrows move through them, Enter opens the highlighted
 * one, Escape closes them, and a polite status says how many there are. A link leads to every result.
 */
export const SearchSuggestions = ({ actor, input, form }: { actor: SiteSearchActor; input: HTMLInputElement; form: HTMLFormElement }) => {
  const { t, contentLang, localize } = useLocale();
  const listId = useId();
  const status = useSelector(actor, selectStatus);
  const answer = useSelector(actor, selectAnswer);
  const hits = useSelector(actor, selectHits);
  const total = useSelector(actor, selectTotal);
  const capped = useSelector(actor, selectCapped);
  const expanded = useSelector(actor, selectExpanded);
  const panelOpen = useSelector(actor, selectPanelOpen);
  const highlight = useSelector(actor, selectHighlight);
  const query = useSelector(actor, (snapshot) => snapshot.context.query);
  const busy = useSelector(actor, selectBusy);
  const optionId = (index: number): string => `${listId}-option-${index}`;
  useComboboxBox(actor, input, form, listId, expanded, highlight === null ? null : optionId(highlight));
  const list = useRef<HTMLDivElement>(null);
  // The highlighted option stays in view in a list taller than the panel.
  useEffect(() => {
    const option = highlight === null ? null : list.current?.querySelector(`[id="${listId}-option-${highlight}"]`);
    // jsdom, where the view tests run, has no scrollIntoView.
    if (option && 'scrollIntoView' in option && typeof option.scrollIntoView === 'function') option.scrollIntoView({ block: 'nearest' });
  }, [highlight, listId]);

  const live =
    status === 'results'
      ? t('search.suggestions.count', { count: total, more: String(capped), shown: hits.length })
      : status === 'empty'
        ? t('search.empty', { query })
        : status === 'failed'
          ? t('search.failed')
          : status === 'retrying'
            ? t('common.retrying')
            : '';
  // Options are numbered across the groups, in the order the arrows walk them.
  let index = 0;
  const groups = (answer?.groups ?? []).filter((group) => group.results.length > 0);

  return (
    <>
      <p className="visually-hidden" role="status" aria-live="polite">
        {panelOpen ? live : ''}
      </p>
      {/* A press in the panel keeps the focus in the box: the suggestions stay open under the pointer. */}
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- a pointer's press only: the keyboard never leaves the box. */}
      <div className="search-suggestions" hidden={!panelOpen} onMouseDown={(event) => event.preventDefault()}>
        <div ref={list} id={listId} role="listbox" aria-label={t('search.suggestions')} aria-busy={busy} className="search-suggestions__list">
          {expanded
            ? groups.map((group) => {
                const labelId = `${listId}-${group.kind}`;
                return (
                  <div key={group.kind} role="group" aria-labelledby={labelId} className="search-suggestions__group">
                    <div id={labelId} role="presentation" className="search-suggestions__group-label">
                      {t(GROUP_TITLES[group.kind])}
                    </div>
                    {searchHits({ query: '', groups: [group] }).map((hit: SearchHit) => {
                      const at = index;
                      index += 1;
                      return (
                        // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/interactive-supports-focus -- ARIA 1.2 combobox: focus stays in the box, the arrows move aria-activedescendant over the options and Enter chooses (useComboboxBox).
                        <div
                          key={hit.result.path}
                          id={optionId(at)}
                          role="option"
                          aria-selected={highlight === at}
                          className="search-suggestions__option"
                          onClick={() => actor.send({ type: 'CHOOSE', index: at })}
                        >
                          <span className="search-result__title" lang={contentLang}>
                            {hit.result.title}
                          </span>
                          <HitDetails hit={hit} />
                        </div>
                      );
                    })}
                  </div>
                );
              })
            : null}
        </div>
        {status === 'empty' ? <p className="search-suggestions__note">{t('search.empty', { query })}</p> : null}
        {status === 'retrying' ? <p className="search-suggestions__note">{t('common.retrying')}</p> : null}
        {status === 'failed' ? (
          <p className="search-suggestions__note">
            {t('search.failed')}{' '}
            <button type="button" className="button" onClick={() => actor.send({ type: 'RETRY' })}>
              {t('common.retry')}
            </button>
          </p>
        ) : null}
        {query === '' ? null : (
          <a className="search-suggestions__all" href={`${localize(SEARCH_PAGE_PATH)}${searchPageQuery(query)}`}>
            {t('search.suggestions.all', { query })}
          </a>
        )}
      </div>
    </>
  );
};
