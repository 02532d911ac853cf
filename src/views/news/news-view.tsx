import { useEffect, useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { newsFeedPath } from '../../domain/feed-addresses';
import { newsCsvPath } from '../../domain/open-data-export';
import { RESET_TOGGLE, TOGGLE_PARAM } from '../../domain/form-toggles';
import {
  selectAppendedFrom,
  selectCount,
  selectHasMore,
  selectHasSelection,
  selectLoadingMore,
  selectMoreSearch,
  selectRetrying,
  selectMoreFailed,
  selectSelected,
  selectShownCount,
  selectStatus,
  selectVisibleNews,
  type newsMachine,
} from '../../machines/news-machine';
import { ADDED_ANCHORS } from '../../domain/list-pages';
import { PAGE_PATHS } from '../../domain/permalinks';
import { MoreLink } from '../shared/more-link';
import { RetryMessage } from '../shared/retry-message';
import { useLocale } from '../shared/widget-root';
import { CategoryFilters } from './category-filters';
import { NewsCard, PlaceholderNewsCard } from './news-card';

// About as many cards as the first screen of a wide window shows.
const ABOVE_FOLD = 4;
const PLACEHOLDERS = [0, 1, 2, 3];

/** After "Afficher plus", focus goes to the first new item's link, so keyboard reading goes on from there. */
const useFocusOnAppended = (list: React.RefObject<HTMLDivElement | null>, appendedFrom: number | null): void => {
  useEffect(() => {
    if (appendedFrom === null || !list.current) return;
    const articles = list.current.querySelectorAll<HTMLElement>('article');
    // A page made only of items already listed adds none: the last item stands in.
    const target = articles[appendedFrom] ?? articles[articles.length - 1];
    if (target) (target.querySelector<HTMLElement>('h3 a') ?? target).focus();
  }, [list, appendedFrom]);
};

/**
 * The news screen: category filters, the Atom feed of the selection, the count, the list of news
 * and "Afficher plus", all read from the machine. `feedScope` names the scope whose feed this site
 * serves; none where the news come from another API.
 */
export const NewsView = ({ actor, feedScope = null }: { actor: ActorRefFrom<typeof newsMachine>; feedScope?: string | null }) => {
  const { t, language, root, localize } = useLocale();
  const status = useSelector(actor, selectStatus);
  const items = useSelector(actor, selectVisibleNews);
  // Only the first pages are shown, however many a legacy answer holds: the first screen costs one page.
  const shownItems = useSelector(actor, selectShownCount);
  const { shown, total } = useSelector(actor, selectCount, (a, b) => a.shown === b.shown && a.total === b.total);
  const hasMore = useSelector(actor, selectHasMore);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const moreFailed = useSelector(actor, selectMoreFailed);
  const appendedFrom = useSelector(actor, selectAppendedFrom);
  // Pages beyond the address's were asked by the visitor ("Afficher plus"): those the address asked are the first screen, not news.
  const grownByVisitor = useSelector(actor, (snapshot) => snapshot.context.pages > snapshot.context.wantedPages);
  const canLoadMore = useSelector(actor, (snapshot) => snapshot.can({ type: 'LOAD_MORE' }));
  const hasSelection = useSelector(actor, selectHasSelection);
  const feedPath = useSelector(actor, (snapshot) => (feedScope === null ? null : newsFeedPath(feedScope, selectSelected(snapshot))));
  const selected = useSelector(actor, selectSelected);
  const list = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useFocusOnAppended(list, appendedFrom);
  const firstLoad = status === 'loading' && items.length === 0;
  const retrying = useSelector(actor, selectRetrying);
  // Without script "Afficher plus" leads to the list with a page more, which the server renders.
  const moreHref = useSelector(actor, (snapshot) => `${localize(PAGE_PATHS.news)}${selectMoreSearch(snapshot)}#${ADDED_ANCHORS.news}`);

  // The count says the total the API reports, and how many are shown when fewer are (the shared rule for counts).
  // Its live region says "still trying" while a slow call is tried again.
  const countText = retrying
    ? t('common.retrying')
    : firstLoad
      ? t('news.loading')
      : status === 'failed'
        ? ''
        : total > shown
          ? t('news.countOf', { count: shown, total })
          : t('news.count', { count: total });

  return (
    <div className="news">
      <CategoryFilters actor={actor} />
      {feedPath !== null ? (
        <>
          {/* React puts this one in the page's head (the server's rendering too): feed readers find the selection's feed there. */}
          <link rel="alternate" type="application/atom+xml" title={t('news.feed.title')} href={feedPath} />
          <p className="news__feed">
            <a href={feedPath} type="application/atom+xml">
              {t('news.feed')}
            </a>{' '}
            {/* The selection's news as a table, from the site's own scope as the feed. */}
            <a href={newsCsvPath(selected, language, root)} download rel="nofollow">
              {t('news.opendata.csv')}
            </a>
          </p>
        </>
      ) : null}
      <section className="news__results" aria-labelledby={headingId} aria-busy={status === 'loading'}>
        <h2 id={headingId} className="visually-hidden">
          {t('news.results')}
        </h2>
        {/* A new polite region once the first list is there: a region that appears with its text is not read out, so the first
            count is not announced; later changes (filters, "Afficher plus") are, politely. */}
        <p key={firstLoad ? 'first-load' : 'settled'} className="news__count" role="status">
          {countText}
        </p>
        {/* Says how many items "Afficher plus" added, beside the count of those shown. */}
        <p className="visually-hidden" aria-live="polite">
          {grownByVisitor && appendedFrom !== null && shownItems > appendedFrom ? t('news.added', { count: shownItems - appendedFrom }) : ''}
        </p>
        {status === 'failed' ? <RetryMessage message={t('news.failed')} retryLabel={t('common.retry')} onRetry={() => actor.send({ type: 'RETRY' })} /> : null}
        {status === 'empty' ? (
          <div className="notice">
            <p>{t(hasSelection ? 'news.empty' : 'news.empty.none')}</p>
            {hasSelection ? (
              // A form of its own, so the reset works without script too: `basculer=` empties the selection.
              <form method="get">
                <button
                  type="submit"
                  name={TOGGLE_PARAM}
                  value={RESET_TOGGLE}
                  className="button"
                  onClick={(event) => {
                    event.preventDefault();
                    actor.send({ type: 'REPLACE_CATEGORIES', ids: [] });
                  }}
                >
                  {t('news.empty.reset')}
                </button>
              </form>
            ) : null}
          </div>
        ) : null}
        <div ref={list} className={`news-list${status === 'loading' && !firstLoad ? ' news-list--busy' : ''}`}>
          {firstLoad
            ? PLACEHOLDERS.map((key) => <PlaceholderNewsCard key={key} />)
            : items
                .slice(0, shownItems)
                .map((item, index) => (
                  <NewsCard key={item.id} item={item} aboveFold={index < ABOVE_FOLD} anchor={index === appendedFrom ? ADDED_ANCHORS.news : undefined} />
                ))}
        </div>
        {hasMore ? (
          <MoreLink
            className="news__more"
            label={t('news.more')}
            href={moreHref}
            failedMessage={t('news.moreFailed')}
            failed={moreFailed}
            busy={loadingMore}
            onMore={() => {
              if (canLoadMore) actor.send({ type: 'LOAD_MORE' });
            }}
          />
        ) : null}
      </section>
    </div>
  );
};
