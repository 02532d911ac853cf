import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { MONTHS, monthName } from '../../i18n/months';
import { selectAgendaFilters, selectCategoryToggles, type agendaMachine } from '../../machines/agenda-machine';
import { useLocale } from '../shared/widget-root';

/** The agenda's filters (SPEC §2): category toggles, a month select and a title search. */
export const AgendaFilterBar = ({ actor }: { actor: ActorRefFrom<typeof agendaMachine> }) => {
  const { language, t } = useLocale();
  const filters = useSelector(actor, selectAgendaFilters);
  const toggles = useSelector(actor, selectCategoryToggles);
  const headingId = useId();
  const monthId = useId();
  const titleId = useId();

  return (
    <section className="filter-bar" aria-labelledby={headingId}>
      <h2 id={headingId} className="filter-bar__title">
        {t('agenda.filters')}
      </h2>
      <div className="agenda-toggles" role="group" aria-label={t('agenda.categories')}>
        {toggles.map((category) => {
          const pressed = filters.categories.includes(category.id);
          return (
            <button
              key={category.id}
              type="button"
              className="toggle"
              aria-pressed={pressed}
              onClick={() => actor.send(pressed ? { type: 'REMOVE_CATEGORY', id: category.id } : { type: 'ADD_CATEGORY', id: category.id })}
            >
              {category.title}
            </button>
          );
        })}
        {filters.categories.length > 0 ? (
          <button type="button" className="toggle toggle--all" onClick={() => actor.send({ type: 'SET_CATEGORIES', categories: [] })}>
            {t('agenda.categories.all')}
          </button>
        ) : null}
      </div>
      <div className="filter-bar__fields">
        <div className="field">
          <label htmlFor={monthId}>{t('agenda.month.label')}</label>
          <select
            id={monthId}
            value={filters.month ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value;
              actor.send({ type: 'SELECT_MONTH', month: value === '' ? null : Number(value) });
            }}
          >
            <option value="">{t('agenda.month.all')}</option>
            {MONTHS.map((month) => (
              <option key={month} value={month}>
                {monthName(month, language)}
              </option>
            ))}
          </select>
        </div>
        <form
          className="field field--search agenda-search"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SEARCH' });
          }}
        >
          <label htmlFor={titleId}>{t('agenda.title.label')}</label>
          <div className="agenda-search__row">
            <input
              id={titleId}
              type="search"
              autoComplete="off"
              placeholder={t('agenda.title.placeholder')}
              value={filters.title ?? ''}
              onChange={(event) => actor.send({ type: 'TYPE_TITLE', title: event.currentTarget.value })}
            />
            <button type="submit" className="button">
              {t('agenda.title.submit')}
            </button>
          </div>
        </form>
      </div>
    </section>
  );
};
