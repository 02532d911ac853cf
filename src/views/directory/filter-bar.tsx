import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { selectCategoryOptions, selectFilters, type directoryMachine } from '../../machines/directory-machine';
import { useLocale } from '../shared/widget-root';

/**
 * The filter bar (SPEC §2): category dropdown, name search, and a cross while text is present,
 * each field with a visible label (the placeholder and the empty option are hints, not labels);
 * the search landmark is named by the "Filtres" heading.
 * A `<form method="get">` with the names the widget reads from the address (`categorie`, `q`),
 * so without script its submit button loads the filtered page; with script, a key release that
 * changed the text searches as it happens, and the submit is SEARCH.
 * The letter of the index in force rides along as a hidden `lettre`, so a category submitted
 * without script keeps it, as SELECT_CATEGORY does: the letter and the category combine.
 */
export const FilterBar = ({ actor }: { actor: ActorRefFrom<typeof directoryMachine> }) => {
  const { t, contentLang } = useLocale();
  const filters = useSelector(actor, selectFilters);
  const categories = useSelector(actor, selectCategoryOptions);
  const canClear = useSelector(actor, (snapshot) => snapshot.can({ type: 'CLEAR' }));
  const search = useRef<HTMLInputElement>(null);
  const categoryId = useId();
  const searchId = useId();
  const headingId = useId();

  return (
    // Not a region of its own: the search landmark inside carries the heading's name.
    <section className="filter-bar">
      <h2 id={headingId} className="filter-bar__title">
        {t('directory.filters')}
      </h2>
      <form
        className="filter-bar__fields"
        role="search"
        aria-labelledby={headingId}
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SEARCH', text: search.current?.value ?? filters.text });
        }}
      >
        <div className="field">
          <label htmlFor={categoryId}>{t('directory.category.label')}</label>
          <select
            id={categoryId}
            name="categorie"
            value={filters.category}
            onChange={(event) => actor.send({ type: 'SELECT_CATEGORY', category: event.currentTarget.value })}
          >
            <option value="">{t('directory.category.empty')}</option>
            {categories.map((category) => (
              <option key={category} value={category} lang={contentLang}>
                {category}
              </option>
            ))}
          </select>
        </div>
        {/* Read from the machine's filters, as on the server: the same field whichever side renders it. */}
        {filters.letter ? <input type="hidden" name="lettre" value={filters.letter} /> : null}
        <div className="field field--search">
          <label htmlFor={searchId}>{t('directory.search.label')}</label>
          {/* The cross sits on the field, not on its label above it. */}
          <div className="field__control">
            <input
              ref={search}
              id={searchId}
              name="q"
              type="search"
              autoComplete="off"
              placeholder={t('directory.search.placeholder')}
              value={filters.text}
              onChange={(event) => actor.send({ type: 'TEXT_CHANGED', text: event.currentTarget.value })}
              // The machine asks only when the text differs from the list's: Enter after its submission, Tab or an arrow ask nothing.
              onKeyUp={(event) => actor.send({ type: 'KEY_RELEASED', text: event.currentTarget.value })}
            />
            {canClear ? (
              <button
                type="button"
                className="field__clear"
                aria-label={t('directory.search.clear')}
                onClick={() => {
                  actor.send({ type: 'CLEAR' });
                  search.current?.focus();
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </div>
        </div>
        <button type="submit" className="button filter-bar__submit">
          {t('directory.search.submit')}
        </button>
      </form>
    </section>
  );
};
