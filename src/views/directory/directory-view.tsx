import { useCallback } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import {
  selectOpenContact,
  selectStatus,
  selectVisibleContacts,
  type directoryMachine,
} from '../../machines/directory-machine';
import { RetryMessage } from '../shared/retry-message';
import { useLocale } from '../shared/widget-root';
import { ContactCard, PlaceholderCard } from './contact-card';
import { ContactDetails } from './contact-details';
import { FilterBar } from './filter-bar';

const PLACEHOLDERS = [0, 1, 2, 3, 4, 5];

/** The directory screen: filter bar, card grid and the detail modal, all read from the machine. */
export const DirectoryView = ({ actor }: { actor: ActorRefFrom<typeof directoryMachine> }) => {
  const { t } = useLocale();
  const status = useSelector(actor, selectStatus);
  const contacts = useSelector(actor, selectVisibleContacts);
  const openContact = useSelector(actor, selectOpenContact);
  const categoriesFailed = useSelector(actor, (snapshot) => snapshot.matches({ categories: 'failed' }));
  const onMore = useCallback((index: number) => actor.send({ type: 'TOGGLE_MODAL', index }), [actor]);
  const firstLoad = status === 'loading' && contacts.length === 0;

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
            : contacts.map((contact, index) => (
                <ContactCard key={contact.id ?? `${contact.title}-${index}`} contact={contact} index={index} onMore={onMore} />
              ))}
        </div>
      </section>
      {openContact ? <ContactDetails contact={openContact} onClose={() => actor.send({ type: 'TOGGLE_MODAL' })} /> : null}
    </div>
  );
};
