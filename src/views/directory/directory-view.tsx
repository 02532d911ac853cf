import { memo, useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Contact } from '../../domain/contact';
import { useSelector } from '@xstate/react';
import {
  selectOpenContact,
  selectStatus,
  selectVisibleContacts,
  type directoryMachine,
} from '../../machines/directory-machine';
import { RetryMessage } from '../shared/retry-message';
import { DEFAULT_STEPS, useProgressiveCount } from '../shared/use-progressive-count';
import { useLocale } from '../shared/widget-root';
import { ContactCard, PlaceholderCard } from './contact-card';
import { ContactDetails } from './contact-details';
import { FilterBar } from './filter-bar';

const PLACEHOLDERS = [0, 1, 2, 3, 4, 5];

/** The cards `start` to `end` (excluded) of the list. */
const ContactBlock = memo(function ContactBlock({
  contacts,
  start,
  end,
  onMore,
}: {
  contacts: readonly Contact[];
  start: number;
  end: number;
  onMore: (index: number) => void;
}) {
  // `display: contents` leaves the cards as the grid's own column boxes.
  return (
    <div className="directory-grid__block">
      {contacts.slice(start, end).map((contact, offset) => (
        <ContactCard key={contact.id ?? `${contact.title}-${start + offset}`} contact={contact} index={start + offset} onMore={onMore} />
      ))}
    </div>
  );
});

/** The starts of the blocks of `size` cards that hold the first `count` cards. */
const blockStarts = (count: number, size: number): number[] => Array.from({ length: Math.ceil(count / size) }, (_, i) => i * size);

/** The directory screen: filter bar, card grid and the detail modal, all read from the machine. */
export const DirectoryView = ({ actor }: { actor: ActorRefFrom<typeof directoryMachine> }) => {
  const { t } = useLocale();
  const status = useSelector(actor, selectStatus);
  const contacts = useSelector(actor, selectVisibleContacts);
  const openContact = useSelector(actor, selectOpenContact);
  const categoriesFailed = useSelector(actor, (snapshot) => snapshot.matches({ categories: 'failed' }));
  const onMore = useCallback((index: number) => actor.send({ type: 'TOGGLE_MODAL', index }), [actor]);
  const firstLoad = status === 'loading' && contacts.length === 0;
  // Thousands of cards in one commit would hold the first screen back: the rest follow in
  // later tasks, every one in the DOM in the end (find in page, tab order, column layout).
  const rendered = useProgressiveCount(contacts, contacts.length);
  // Blocks of one step each: a step re-renders only its own block, not the thousands before it.
  const blockSize = DEFAULT_STEPS.chunk;

  return (
    <div className="directory">
      <FilterBar actor={actor} />
      <section className="directory__results" aria-label={t('directory.results')} aria-busy={status === 'loading'}>
        <p className="directory__count" role="status">
          {firstLoad ? t('directory.loading') : status === 'failed' ? '' : t('directory.count', { count: contacts.length })}
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
        <div className={`directory-grid${status === 'loading' && !firstLoad ? ' directory-grid--busy' : ''}`}>
          {firstLoad
            ? PLACEHOLDERS.map((key) => <PlaceholderCard key={key} />)
            : blockStarts(rendered, blockSize).map((start) => (
                <ContactBlock key={start} contacts={contacts} start={start} end={Math.min(start + blockSize, rendered)} onMore={onMore} />
              ))}
        </div>
      </section>
      {openContact ? <ContactDetails contact={openContact} onClose={() => actor.send({ type: 'TOGGLE_MODAL' })} /> : null}
    </div>
  );
};
