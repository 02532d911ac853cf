import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';

import { MAX_QUERY_LENGTH, SEARCH_PAGE_PATH, searchHits, type SearchGroup } from '../../domain/site-search';
import { selectAnswer, selectBusy, selectCapped, selectQuery, selectStatus, selectTotal, type siteSearchMachine } from '../../machines/site-search-machine';
import { useItemTitle } from '../shared/document-title';
import { RetryMessage } from '../shared/retry-message';
import { useLocale } from '../shared/widget-root';
import { GROUP_TITLES, HitDetails, useHitHref } from './search-result';
import { queryTitle } from './search-title';

type SiteSearchActor = ActorRefFrom<typeof siteSearchMachine>;

/** One kind's results: a heading with the count of all its matches, the first results as links to their pages. */
const ResultGroup = ({ group }: { group: SearchGroup }) => {
  const { t, contentLang } = useLocale();
  const headingId = useId();
  const href = useHitHref();
  const count = Math.max(group.count, group.results.length);
  const hits = searchHits({ query: '', groups: [group] });
  return (
    <section className="search-page__group" aria-labelledby={headingId}>
      <h2 id={headingId} className="search-page__group-title">
        {t(GROUP_TITLES[group.kind])} <span className="search-page__group-count">{t('search.group.count', { count, more: String(group.capped === true) })}</span>
      </h2>
      <ul className="search-page__list">
        {hits.map((hit) => (
          <li key={hit.result.path} className="search-result">
            <a className="search-result__title" href={href(hit)} lang={contentLang}>
              {hit.result.title}
            </a>
            <HitDetails hit={hit} />
          </li>
        ))}
      </ul>
      {count > group.results.length ? <p className="search-page__partial">{t('search.group.partial', { shown: group.results.length })}</p> : null}
    </section>
  );
};

/**
 * The search page (`/recherche/?q=…`): a GET form that works without script, then the results
 * grouped by kind. With script, the results follow the text as it is typed and the address
 * keeps the query, so a reload or a shared link shows the same.
 */
export const SiteSearchView = ({ actor }: { actor: SiteSearchActor }) => {
  const { t, intl, localize } = useLocale();
  const status = useSelector(actor, selectStatus);
  const text = useSelector(actor, (snapshot) => snapshot.context.text);
  const query = useSelector(actor, selectQuery);
  // The title names the query asked (WCAG 2.4.2), as the server's does for a page opened with `?q=…`, and follows a new one.
  useItemTitle(query === null ? null : queryTitle(intl, query));
  const answer = useSelector(actor, selectAnswer);
  const total = useSelector(actor, selectTotal);
  const capped = useSelector(actor, selectCapped);
  const busy = useSelector(actor, selectBusy);
  const canRetry = useSelector(actor, (snapshot) => snapshot.can({ type: 'RETRY' }));
  const inputId = useId();
  // The submit reads the box itself: a text typed before the script ran is in the box, not yet in the machine.
  const box = useRef<HTMLInputElement>(null);

  const summary =
    status === 'idle' || status === 'failed'
      ? ''
      : status === 'retrying'
        ? t('common.retrying')
        : answer === null
          ? t('search.loading')
          : status === 'empty'
            ? t('search.empty', { query: answer.query })
            : t('search.count', { count: total, more: String(capped), query: answer.query });

  return (
    <div className="search-page">
      <form
        className="search-page__form"
        role="search"
        aria-label={t('search.form')}
        method="get"
        action={localize(SEARCH_PAGE_PATH)}
        onSubmit={(event) => {
          event.preventDefault();
          // Enter submits before its key comes up, and the button stands for it: asked now, unless it is the query already asked.
          actor.send({ type: 'KEY_RELEASED', text: box.current?.value ?? text });
        }}
      >
        <label htmlFor={inputId} className="search-page__label">
          {t('search.label')}
        </label>
        <div className="search-page__field">
          <input
            ref={box}
            id={inputId}
            type="search"
            name="q"
            value={text}
            maxLength={MAX_QUERY_LENGTH}
            autoComplete="off"
            spellCheck={false}
            placeholder={t('search.placeholder')}
            onChange={(event) => actor.send({ type: 'TEXT_CHANGED', text: event.currentTarget.value })}
            onKeyUp={(event) => actor.send({ type: 'KEY_RELEASED', text: event.currentTarget.value })}
          />
          <button type="submit" className="button">
            {t('search.submit')}
          </button>
        </div>
      </form>
      <section className="search-page__results" aria-label={t('search.results')} aria-busy={busy}>
        <p className="search-page__count" role="status">
          {summary}
        </p>
        {status === 'idle' ? <p className="search-page__hint">{t('search.hint')}</p> : null}
        {status === 'failed' ? (
          <RetryMessage
            message={t('search.failed')}
            retryLabel={t('common.retry')}
            onRetry={() => {
              if (canRetry) actor.send({ type: 'RETRY' });
            }}
          />
        ) : null}
        <div className={`search-page__groups${busy && answer !== null ? ' search-page__groups--busy' : ''}`}>
          {(answer?.groups ?? [])
            .filter((group) => group.results.length > 0)
            .map((group) => (
              <ResultGroup key={group.kind} group={group} />
            ))}
        </div>
      </section>
    </div>
  );
};
