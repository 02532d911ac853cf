import { memo, useCallback, useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Contact } from '../../domain/contact';
import { useSelector } from '@xstate/react';
import {
  selectAnnouncedCount,
  selectAppendedFrom,
  selectHasMore,
  selectListSearch,
  selectLoadingMore,
  selectMoreSearch,
  selectRetrying,
  selectMoreFailed,
  selectOpenContact,
  selectResultsCount,
  selectShownCount,
  selectStatus,
  selectVisibleContacts,
  type directoryMachine,
} from '../../machines/directory-machine';
import { ADDED_ANCHORS } from '../../domain/list-pages';
import { contactSlug, PAGE_PATHS } from '../../domain/permalinks';
import { useItemTitle } from '../shared/document-title';
import { MoreLink } from '../shared/more-link';
import { RetryMessage } from '../shared/retry-message';
import { useLocale } from '../shared/widget-root';
import { ContactCard, PlaceholderCard } from './contact-card';
import { ContactDetails } from './contact-details';
import { ExportLinks } from './export-links';
import { FilterBar } from './filter-bar';
import { LetterIndex } from './letter-index';

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
  onMore: (slug: string, from: HTMLElement) => void;
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

type Count = { total: number; shown: number | null } | null;
const sameCount = (a: Count, b: Count): boolean => a === b || (a !== null && b !== null && a.total === b.total && a.shown === b.shown);

/**
 * Where focus goes when the details close. The link a card's visitor followed gets it back from the
 * modal itself; details opened by the address (a permalink loaded, Back or Forward) had no opener
 * on the page, so focus goes to the contact's card, its name link scrolled into view, or to the
 * results heading when the contact is not among the cards.
 */
const useFocusAfterDetails = (
  openContact: Contact | null,
  grid: React.RefObject<HTMLDivElement | null>,
  heading: React.RefObject<HTMLHeadingElement | null>,
): ((from: HTMLElement) => void) => {
  const opener = useRef<HTMLElement | null>(null);
  const shown = useRef<Contact | null>(null);
  useEffect(() => {
    const closed = shown.current;
    shown.current = openContact;
    if (openContact !== null) return;
    const from = opener.current;
    opener.current = null;
    if (closed === null) return;
    if (from?.isConnected === true) {
      // The modal's own clean-up gives focus back to what was focused when it opened: a browser that does not focus a clicked link had none.
      if (document.activeElement !== from) from.focus();
      return;
    }
    const slug = contactSlug(closed);
    const card = [...(grid.current?.querySelectorAll<HTMLElement>('article[data-contact-slug]') ?? [])].find((article) => article.dataset.contactSlug === slug);
    // Focus scrolls the link into view; a contact not among the cards leaves the reader at their heading.
    const link = card?.querySelector<HTMLElement>('.contact-card__name');
    (link ?? heading.current)?.focus();
  }, [openContact, grid, heading]);
  return useCallback((from: HTMLElement) => {
    opener.current = from;
  }, []);
};

/**
 * The directory screen: filter bar, card grid, "Afficher plus", the export links and the detail
 * modal, all read from the machine. `exportBase` is where the list's exports live; `null` (the
 * default) offers none.
 */
export const DirectoryView = ({ actor, exportBase = null }: { actor: ActorRefFrom<typeof directoryMachine>; exportBase?: string | null }) => {
  const { t, localize } = useLocale();
  const status = useSelector(actor, selectStatus);
  const contacts = useSelector(actor, selectVisibleContacts);
  // Only the first pages are cards, however many a legacy answer holds: the first screen costs one page.
  const shown = useSelector(actor, selectShownCount);
  const count = useSelector(actor, selectResultsCount, sameCount);
  const announced = useSelector(actor, selectAnnouncedCount, sameCount);
  const hasMore = useSelector(actor, selectHasMore);
  const loadingMore = useSelector(actor, selectLoadingMore);
  const moreFailed = useSelector(actor, selectMoreFailed);
  const appendedFrom = useSelector(actor, selectAppendedFrom);
  // Pages beyond the address's were asked by the visitor ("Afficher plus"): those the address asked are the first screen, not news.
  const grownByVisitor = useSelector(actor, (snapshot) => snapshot.context.pages > snapshot.context.wantedPages);
  const canLoadMore = useSelector(actor, (snapshot) => snapshot.can({ type: 'LOAD_MORE' }));
  const blockSize = useSelector(actor, (snapshot) => snapshot.context.pageSize);
  const openContact = useSelector(actor, selectOpenContact);
  const categoriesFailed = useSelector(actor, (snapshot) => snapshot.matches({ categories: 'failed' }));
  const grid = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const rememberOpener = useFocusAfterDetails(openContact, grid, heading);
  const onMore = useCallback(
    (slug: string, from: HTMLElement) => {
      rememberOpener(from);
      actor.send({ type: 'OPEN_DETAILS', slug });
    },
    [actor, rememberOpener],
  );
  // The server draws an open contact's dialog with the list inert behind it, and hydration draws the same; a dialog opened
  // later makes the list inert once it holds focus (`onShown`), so the opener is not made inert while it still has focus.
  const [dialogShown, setDialogShown] = useState(openContact !== null);
  // Closed before its code came (Back on a page still waking): the next dialog too must hold focus before the list goes inert.
  if (openContact === null && dialogShown) setDialogShown(false);
  const behindDialog = openContact !== null && dialogShown;
  useFocusOnAppended(grid, appendedFrom);
  useItemTitle(openContact?.title ?? null);
  const firstLoad = status === 'loading' && contacts.length === 0;
  const retrying = useSelector(actor, selectRetrying);
  // Without script the links lead to addresses the server renders: the list with a page more, the list without the dialog.
  const listPath = localize(PAGE_PATHS.directory);
  const moreHref = useSelector(actor, (snapshot) => `${listPath}${selectMoreSearch(snapshot)}#${ADDED_ANCHORS.directory}`);
  const closeHref = useSelector(actor, (snapshot) => `${listPath}${selectListSearch(snapshot)}`);
  const countText = (counted: NonNullable<Count>): string =>
    counted.shown === null ? t('directory.count', { count: counted.total }) : t('directory.countShown', { count: counted.total, shown: counted.shown });

  return (
    <>
      {/* Behind the dialog (its sibling, so never inert itself) the filters, letters and cards are out of reach of Tab, pointer and screen reader. */}
      <div className="directory" inert={behindDialog}>
        <FilterBar actor={actor} />
        <LetterIndex actor={actor} />
        {/* How the index files a name, which a visitor looking for "Service des routes" under S could not guess (src/domain/directory-letter.ts). */}
        <p className="letter-index__rule">{t('directory.letters.rule')}</p>
        <section className="directory__results" aria-label={t('directory.results')} aria-busy={status === 'loading'}>
          <div className="directory__summary">
            {/* The heading of the cards (h3 each); the target of focus when a permalink's contact, not among them, closes. */}
            <h2 ref={heading} className="directory__count" tabIndex={-1}>
              {firstLoad || status === 'failed' ? t('directory.results') : countText(count)}
            </h2>
            {/* Offered with a list to export: not before the first answer, nor for an empty or failed one. */}
            {exportBase !== null && (status === 'ready' || (status === 'loading' && !firstLoad)) ? <ExportLinks actor={actor} base={exportBase} /> : null}
          </div>
          {/* Polite: "still trying", the first load, and the count of each later list (the first one's is on the page as it opens). */}
          <p className={retrying || firstLoad ? 'directory__status' : 'visually-hidden'} role="status">
            {retrying ? t('common.retrying') : firstLoad ? t('directory.loading') : announced === null ? '' : countText(announced)}
          </p>
          {/* Says how many cards "Afficher plus" added: the count above stays the number of matches. */}
          <p className="visually-hidden" aria-live="polite">
            {grownByVisitor && appendedFrom !== null && shown > appendedFrom ? t('directory.added', { count: shown - appendedFrom }) : ''}
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
      </div>
      {openContact ? (
        <ContactDetails contact={openContact} closeHref={closeHref} onClose={() => actor.send({ type: 'CLOSE_DETAILS' })} onShown={setDialogShown} />
      ) : null}
    </>
  );
};
