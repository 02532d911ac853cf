import { useId, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { QUICK_RANGES } from '../../domain/agenda-window';
import { RESET_TOGGLE, TOGGLE_PARAM } from '../../domain/form-toggles';
import { MONTHS, monthName } from '../../i18n/months';
import { activeFilterCount } from '../../domain/agenda-filters';
import { selectAgendaFilters, selectCategoryToggles, type agendaMachine } from '../../machines/agenda-machine';
import { useLocale } from '../shared/widget-root';

/**
 * The agenda's filters (SPEC §2): category toggles, a month select and a title search, in one
 * `<form method="get">` named as the address is read (`categories`, `mois`, `titre`), so the
 * page filters without script. Without script every submit sends the whole form: a toggle adds
 * `basculer={id}` (the server redirects to the address with that category toggled, see
 * form-toggles.ts), "Appliquer" and the title's "Rechercher" load the page with every filter set.
 * With script nothing is submitted: toggles and the month act at once as before, and the submit
 * is the SEARCH of the title alone.
 *
 * The quick ranges ("Aujourd'hui", "Ce week-end", …) stand beside the month but submit a form of
 * their own (`form=`), which holds the other filters: each sends `periode={range}`, or an empty
 * `periode` when pressed again, with no second `periode` from the main form beside it. The main
 * form keeps the range in force as a hidden field, so a toggle or the month keeps it.
 *
 * On a narrow screen the filters fold behind one disclosure ("Filtres (2 actifs)"), a `<details>`
 * the server renders closed, so the first event is on the first screen with or without script;
 * on a wide screen the style sheet shows its content and hides its summary (agenda.css).
 */
export const AgendaFilterBar = ({
  actor,
  children,
}: {
  actor: ActorRefFrom<typeof agendaMachine>;
  /** What follows the filters in their disclosure: the calendar subscription of these filters. */
  children?: ReactNode;
}) => {
  const { language, t, contentLang } = useLocale();
  const filters = useSelector(actor, selectAgendaFilters);
  const toggles = useSelector(actor, selectCategoryToggles);
  const headingId = useId();
  const monthId = useId();
  const titleId = useId();
  const rangesId = useId();
  const rangeFormId = useId();
  const range = filters.range ?? null;

  return (
    <section className="filter-bar" aria-labelledby={headingId}>
      {/* Left to the browser once rendered: opened, it stays open while the filters change the list. */}
      <details className="filter-bar__disclosure">
        <summary className="filter-bar__toggle">{t('agenda.filters.toggle', { count: activeFilterCount(filters) })}</summary>
        <h2 id={headingId} className="filter-bar__title">
          {t('agenda.filters')}
        </h2>
        <form
          method="get"
          role="search"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SEARCH' });
          }}
        >
          {/* Enter in the title box clicks the form's first submit button: this one, without a name,
            rather than the first category toggle. Hidden, so neither seen nor read. */}
          <button type="submit" hidden />
          {filters.categories.map((id) => (
            <input key={id} type="hidden" name="categories" value={id} />
          ))}
          {range !== null ? <input type="hidden" name="periode" value={range} /> : null}
          <div className="agenda-toggles" role="group" aria-label={t('agenda.categories')}>
            {toggles.map((category) => {
              const pressed = filters.categories.includes(category.id);
              return (
                <button
                  key={category.id}
                  type="submit"
                  name={TOGGLE_PARAM}
                  value={category.id}
                  className="toggle"
                  aria-pressed={pressed}
                  lang={contentLang}
                  onClick={(event) => {
                    event.preventDefault();
                    actor.send(pressed ? { type: 'REMOVE_CATEGORY', id: category.id } : { type: 'ADD_CATEGORY', id: category.id });
                  }}
                >
                  {category.title}
                </button>
              );
            })}
            {filters.categories.length > 0 ? (
              <button
                type="submit"
                name={TOGGLE_PARAM}
                value={RESET_TOGGLE}
                className="toggle toggle--all"
                onClick={(event) => {
                  event.preventDefault();
                  actor.send({ type: 'SET_CATEGORIES', categories: [] });
                }}
              >
                {t('agenda.categories.all')}
              </button>
            ) : null}
          </div>
          <div className="filter-bar__fields">
            <div className="field agenda-month">
              <label htmlFor={monthId}>{t('agenda.month.label')}</label>
              <div className="agenda-month__row">
                <select
                  id={monthId}
                  name="mois"
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
                {/* With script the month applies as it changes; React leaves a noscript's content out in the browser. */}
                <noscript>
                  <button type="submit" className="button">
                    {t('agenda.month.apply')}
                  </button>
                </noscript>
              </div>
            </div>
            <div className="field agenda-ranges">
              <span id={rangesId} className="agenda-ranges__label">
                {t('agenda.ranges')}
              </span>
              <div className="agenda-ranges__row" role="group" aria-labelledby={rangesId}>
                {QUICK_RANGES.map((quick) => {
                  const pressed = range === quick;
                  return (
                    <button
                      key={quick}
                      type="submit"
                      form={rangeFormId}
                      name="periode"
                      value={pressed ? '' : quick}
                      className="toggle"
                      aria-pressed={pressed}
                      onClick={(event) => {
                        event.preventDefault();
                        actor.send({ type: 'SELECT_RANGE', range: pressed ? null : quick });
                      }}
                    >
                      {t(`agenda.range.${quick}`)}
                    </button>
                  );
                })}
              </div>
            </div>
            <div className="field field--search agenda-search">
              <label htmlFor={titleId}>{t('agenda.title.label')}</label>
              <div className="agenda-search__row">
                <input
                  id={titleId}
                  name="titre"
                  type="search"
                  autoComplete="off"
                  placeholder={t('agenda.title.placeholder')}
                  value={filters.title ?? ''}
                  onChange={(event) => actor.send({ type: 'TITLE_CHANGED', title: event.currentTarget.value })}
                />
                <button type="submit" className="button">
                  {t('agenda.title.submit')}
                </button>
              </div>
            </div>
          </div>
        </form>
        {children}
      </details>
      {/* The quick ranges' own form: the other filters, which a range keeps. */}
      <form id={rangeFormId} method="get" hidden>
        {filters.categories.map((id) => (
          <input key={id} type="hidden" name="categories" value={id} />
        ))}
        {filters.month !== null ? <input type="hidden" name="mois" value={filters.month} /> : null}
        {filters.title !== null && filters.title !== '' ? <input type="hidden" name="titre" value={filters.title} /> : null}
      </form>
    </section>
  );
};
