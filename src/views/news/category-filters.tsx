import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { RESET_TOGGLE, TOGGLE_PARAM } from '../../domain/form-toggles';
import { selectCategories, selectSelected, selectSelectedCategories, type newsMachine } from '../../machines/news-machine';
import { RetryMessage } from '../shared/retry-message';
import { useLocale } from '../shared/widget-root';

const PLACEHOLDERS = [0, 1, 2, 3];

/**
 * The category filters: one toggle button a category (`aria-pressed`), a "show all" reset,
 * and the active filters, each with a button that removes it. All of them are submit buttons
 * `basculer={id}` (the reset `basculer=`) of a `<form method="get">` that holds the selection as
 * hidden `categorie` inputs: without script the server redirects to the address with that
 * category toggled (see form-toggles.ts); with script each click acts at once and submits nothing.
 */
export const CategoryFilters = ({ actor }: { actor: ActorRefFrom<typeof newsMachine> }) => {
  const { t, contentLang } = useLocale();
  const categories = useSelector(actor, selectCategories);
  const selected = useSelector(actor, selectSelected);
  const active = useSelector(actor, selectSelectedCategories);
  const loading = useSelector(actor, (snapshot) => snapshot.matches({ categories: 'loading' }));
  const failed = useSelector(actor, (snapshot) => snapshot.matches({ categories: 'failed' }));
  const canReset = useSelector(actor, (snapshot) => snapshot.can({ type: 'REPLACE_CATEGORIES', ids: [] }));
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  const activeId = useId();

  const nameOf = (id: string, title: string | null): string => title ?? t('news.category.unknown', { id });

  // The remove button goes away with its filter: focus goes to the category's toggle, or to the heading.
  const remove = (event: React.MouseEvent, id: string): void => {
    event.preventDefault();
    actor.send({ type: 'REMOVE_CATEGORY', id });
    const toggle = [...(section.current?.querySelectorAll<HTMLElement>('[data-category-id]') ?? [])].find((button) => button.dataset.categoryId === id);
    (toggle ?? heading.current)?.focus();
  };

  return (
    <section ref={section} className="news-filters" aria-labelledby={headingId}>
      <h2 ref={heading} id={headingId} className="news-filters__title" tabIndex={-1}>
        {t('news.filters')}
      </h2>
      {failed ? <RetryMessage message={t('news.categoriesFailed')} retryLabel={t('common.retry')} onRetry={() => actor.send({ type: 'RETRY' })} /> : null}
      {/* With script each button acts on its click and stops the submit; this catches any other way to submit. */}
      <form method="get" onSubmit={(event) => event.preventDefault()}>
        {selected.map((id) => (
          <input key={id} type="hidden" name="categorie" value={id} />
        ))}
        <div className="news-filters__options" role="group" aria-labelledby={headingId}>
          {loading
            ? PLACEHOLDERS.map((key) => <span key={key} className="chip chip--placeholder" aria-hidden="true" />)
            : categories.map((category) => {
                const pressed = selected.includes(category.id);
                return (
                  <button
                    key={category.id}
                    type="submit"
                    name={TOGGLE_PARAM}
                    value={category.id}
                    className="chip"
                    aria-pressed={pressed}
                    lang={contentLang}
                    data-category-id={category.id}
                    onClick={(event) => {
                      event.preventDefault();
                      actor.send(pressed ? { type: 'REMOVE_CATEGORY', id: category.id } : { type: 'ADD_CATEGORY', id: category.id });
                    }}
                  >
                    <span className="chip__check" aria-hidden="true">
                      ✓
                    </span>
                    {category.title}
                  </button>
                );
              })}
          <button
            type="submit"
            name={TOGGLE_PARAM}
            value={RESET_TOGGLE}
            className="button news-filters__reset"
            // Not `disabled`: the button keeps focus after it has reset the filters.
            aria-disabled={!canReset}
            onClick={(event) => {
              event.preventDefault();
              if (canReset) actor.send({ type: 'REPLACE_CATEGORIES', ids: [] });
            }}
          >
            {t('news.showAll')}
          </button>
        </div>
        {active.length > 0 ? (
          <div className="news-filters__active">
            <p id={activeId} className="news-filters__active-label">
              {t('news.active')}
            </p>
            <ul aria-labelledby={activeId}>
              {active.map(({ id, title }) => (
                <li key={id}>
                  <button
                    type="submit"
                    name={TOGGLE_PARAM}
                    value={id}
                    className="chip chip--remove"
                    aria-label={t('news.remove', { name: nameOf(id, title) })}
                    onClick={(event) => remove(event, id)}
                  >
                    {nameOf(id, title)}
                    <span aria-hidden="true">×</span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </form>
    </section>
  );
};
