import { memo, useCallback, useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Contact } from '../../domain/contact';
import { useSelector } from '@xstate/react';
import {
  selectAppendedFrom,
  selectHasMore,
  selectListSearch,
  selectLoadingMore,
  selectMoreSearch,
  selectRetrying,
  selectMoreFailed,
  selectOpenContact,
  selectShownCount,
  selectStatus,
  selectTotal,
  selectVisibleContacts,
  type directoryMachine,
} from '../../machines/directory-machine';
import { ADDED_ANCHORS } from '../../domain/list-pages';
import { localizedPath, PAGE_PATHS } from '../../domain/permalinks';
import { MoreLink } from '../shared/more-link';
import { RetryMessage } from '../shared/retry-message';
import { useLocale } from '../shared/widget-root';
import { ContactCard, PlaceholderCard } from './contact-card';
import { ContactDetails } from './contact-details';
import { ExportLinks } from './export-links';
import { FilterBar } from './filter-bar';

const PLACEHOLDERS = [0, 1, 2, 3, 4, 5];

// The cards on screen as the page opens, at most (a wide screen's first rows): their photos are the largest paint.
const ABOVE_FOLD = 4;

/** The cards `start` to `end` (excluded) of the list. */
const ContactBlock = memo(function ContactBlock({
  contacts,
  start,
  end,
  onMore,
  anchorAt,
}: {
  contacts: readonly Contact[];
  start: number;
  end: number;
  onMore: (slug: string) => void;
  /** The index of the card a followed "Afficher plus" link scrolls to (the first of the latest page), if in this block. */
  anchorAt: number | null;
}) {
  // `display: contents` leaves the cards as the grid's own column boxes.
  return (
    <div className="directory-grid__block">
      {contacts.slice(start, end).map((contact, offset) => (
        <ContactCard
          key={contact.id ?? `${contact.title}-${start + offset}`}
          contact={contact}
          onMore={onMore}
          anchor={start + offset === anchorAt ? ADDED_ANCHORS.directory : undefined}
          aboveFold={start + offset < ABOVE_FOLD}
        />
      ))}
    </div>
  );
});

/** The starts of the blocks of `size` cards that hold the first `count` cards. */
const blockStarts = (count: number, size: number): number[] => Array.from({ length: Math.ceil(count / size) }, (_, i) => i * size);

/** After "Afficher plus", focus goes to the first new card's heading, so keyboard reading goes on from there. */
const useFocusOnAppended = (grid: React.RefObject<HTMLDivElement | null>, appendedFrom: number | null): void => {
  useEffect(() => {
    if (appendedFrom === null || !grid.current) return;
    const cards = grid.current.querySelectorAll<HTMLElement>('article');
    const target = cards[appendedFrom] ?? cards[cards.length - 1];
    target?.querySelector<HTMLElement>('h3')?.focus();
  }, [grid, appendedFrom]);
};

/**
 * The directory screen: filter bar, card grid, "Afficher plus", the export links and the detail
 * modal, all read from the machine. `exportBase` is where the list's exports live; `null` (the
 * default) offers none.
 */
export const DirectoryView = ({ actor, exportBase = null }: { actor: ActorRefFrom<typeof directoryMachine>; exportBase?: string | null }) => {
  const { t, language } = useLocale();
  const status = useSelector(actor, selectStatus);
  const contacts = useSelector(actor, selectVisibleContacts);
  // Only the first pages are cards, however many a legacy answer holds: the first screen costs one page.
  const shown = useSelector(actor, selectShownCount);
  const total = useSelector(actor, selectTotal);
  const hasMore = useSelector(actor, selectHasMore);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const moreFailed = useSelector(actor, selectMoreFailed);
  const appendedFrom = useSelector(actor, selectAppendedFrom);
  const canLoadMore = useSelector(actor, (snapshot) => snapshot.can({ type: 'LOAD_MORE' }));
  const blockSize = useSelector(actor, (snapshot) => snapshot.context.pageSize);
  const openContact = useSelector(actor, selectOpenContact);
  const categoriesFailed = useSelector(actor, (snapshot) => snapshot.matches({ categories: 'failed' }));
  const onMore = useCallback((slug: string) => actor.send({ type: 'OPEN_DETAILS', slug }), [actor]);
  const grid = useRef<HTMLDivElement>(null);
  useFocusOnAppended(grid, appendedFrom);
  const firstLoad = status === 'loading' && contacts.length === 0;
  const retrying = useSelector(actor, selectRetrying);
  // Without script the links lead to addresses the server renders: the list with a page more, the list without the dialog.
  const listPath = localizedPath(PAGE_PATHS.directory, language);
  const moreHref = useSelector(actor, (snapshot) => `${listPath}${selectMoreSearch(snapshot)}#${ADDED_ANCHORS.directory}`);
  const closeHref = useSelector(actor, (snapshot) => `${listPath}${selectListSearch(snapshot)}`);

  return (
    <div className="directory">
      <FilterBar actor={actor} />
      <section className="directory__results" aria-label={t('directory.results')} aria-busy={status === 'loading'}>
        <div className="directory__summary">
          <p className="directory__count" role="status">
            {/* Says "still trying" while a slow call is tried again. */}
            {retrying ? t('common.retrying') : firstLoad ? t('directory.loading') : status === 'failed' ? '' : t('directory.count', { count: total })}
          </p>
          {/* Offered with a list to export: not before the first answer, nor for an empty or failed one. */}
          {exportBase !== null && (status === 'ready' || (status === 'loading' && !firstLoad)) ? <ExportLinks actor={actor} base={exportBase} /> : null}
        </div>
        {/* Says how many cards "Afficher plus" added: the count above stays the number of matches. */}
        <p className="visually-hidden" aria-live="polite">
          {appendedFrom !== null && shown > appendedFrom ? t('directory.added', { count: shown - appendedFrom }) : ''}
        </p>
        {status === 'failed' || categoriesFailed ? (
          <RetryMessage
            message={t(status === 'failed' ? 'directory.failed' : 'directory.categoriesFailed')}
            retryLabel={t('common.retry')}
            onRetry={() => actor.send({ type: 'RETRY' })}
          />
        ) : null}
        {status === 'empty' ? (
          <div className="notice">
            <p>{t('directory.empty')}</p>
            <button type="button" className="button" onClick={() => actor.send({ type: 'CLEAR_FILTERS' })}>
              {t('directory.empty.reset')}
            </button>
          </div>
        ) : null}
        <div ref={grid} className={`directory-grid${status === 'loading' && !firstLoad ? ' directory-grid--busy' : ''}`}>
          {firstLoad
            ? PLACEHOLDERS.map((key) => <PlaceholderCard key={key} />)
            : // Blocks of a page each: "Afficher plus" renders its own block, not the cards before it.
              blockStarts(shown, blockSize).map((start) => (
                <ContactBlock
                  key={start}
                  contacts={contacts}
                  start={start}
                  end={Math.min(start + blockSize, shown)}
                  onMore={onMore}
                  anchorAt={appendedFrom !== null && appendedFrom >= start && appendedFrom < start + blockSize ? appendedFrom : null}
                />
              ))}
        </div>
        {hasMore ? (
          <MoreLink
            className="directory__more"
            label={t('directory.showMore')}
            href={moreHref}
            failedMessage={t('directory.moreFailed')}
            failed={moreFailed}
            busy={loadingMore}
            onMore={() => {
              if (canLoadMore) actor.send({ type: 'LOAD_MORE' });
            }}
          />
        ) : null}
      </section>
      {openContact ? <ContactDetails contact={openContact} closeHref={closeHref} onClose={() => actor.send({ type: 'CLOSE_DETAILS' })} /> : null}
    </div>
  );
};
