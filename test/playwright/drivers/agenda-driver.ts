import { AgendaCategoryList, AgendaEvent, AgendaEventList } from '../../../src/domain/agenda';
import { agendaEventPath, agendaPagePath, hasAgendaFilters } from '../../../src/domain/agenda-filters';
import { PageOf } from '../../../src/domain/paging';
import { eventPath } from '../../../src/domain/permalinks';
import { filtersOf, type AgendaMachineEvent, type AgendaSnapshot } from '../../../src/machines/agenda-machine';
import type { AgendaAnswer } from '../../../src/services/agenda-service';
import { AGENDA_CATEGORIES, AGENDA_PAGE_SIZE, AGENDA_TODAY, LATER_EVENT } from '../../support/agenda-fixtures';
import { AGENDA_MODEL_INPUT, agendaModel } from '../../model/agenda-model';
import { literal, visit, type PlaywrightDriver } from '../driver';
import type { CallMatch } from '../scripted-api';

const CATEGORIES = '/api/categories/agenda/';
const WIDGET = 'page.locator(\'[data-widget="agenda"]\')';
const EventPage = PageOf(AgendaEvent);

/** A call's path as the widget makes it, matched by its pathname and each query parameter (the first of a repeated one). */
const callOf = (path: string): CallMatch => {
  const url = new URL(path, 'http://agenda.invalid');
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] ??= value;
  return { path: url.pathname, query };
};

/**
 * The first page the list is loading in `before`: the filters in force, without the range once it
 * held nothing. A title typed while it loads changes no call, so the title the state holds may not be
 * in it: it is left out of the match, and a call without any other filter may be the plain one.
 */
const listCall = (before: AgendaSnapshot): CallMatch => {
  const { context } = before;
  const filters = { ...filtersOf(context), range: context.rangeEmpty ? null : context.range };
  const page = { period: 'upcoming', today: context.today, pageSize: context.pageSize } as const;
  if (context.title === null) return callOf(agendaPagePath(context.agendaId, filters, page));
  const untitled = { ...filters, title: null };
  const { query } = callOf(agendaPagePath(context.agendaId, untitled, page));
  return { path: hasAgendaFilters(untitled) ? '/api/agenda/' : new RegExp(`^/api/agenda/(?:${context.agendaId}/)?$`), query };
};

/** A call's match as the script's code: a pattern is written as one, which JSON would lose. */
const matchCode = (match: CallMatch | string): string =>
  typeof match === 'string' || typeof match.path === 'string' ? literal(match) : `{ path: ${String(match.path)}, query: ${literal(match.query ?? {})} }`;

/** A list answer in the wire form: a legacy backend's bare array, or the reference server's page with its `next`. */
const wireOf = (answer: AgendaAnswer): unknown =>
  answer.whole
    ? AgendaEventList.encode([...answer.events])
    : EventPage.encode({ results: [...answer.events], next: answer.next, ...(answer.count === undefined ? {} : { count: answer.count }) });

const answer = (match: CallMatch | string, body: unknown): string => `await api.answer(${matchCode(match)}, ${literal(body)});`;
const fail = (match: CallMatch | string, status: number): string => `await api.fail(${matchCode(match)}, ${String(status)});`;
const click = (scope: string, name: string): string => `await ${scope}.getByRole('button', { name: ${literal(name)}, exact: true }).click();`;
// "Afficher plus" and "Événements passés" are links (the server renders their addresses for a page without script).
const follow = (scope: string, name: string): string => `await ${scope}.getByRole('link', { name: ${literal(name)}, exact: true }).click();`;
// A toggle by its title within its group: pressed or not, its name is its title (its check mark has an empty alternative).
const toggle = (group: string, name: string): string =>
  `await ${WIDGET}.getByRole('group', { name: ${literal(group)}, exact: true }).getByRole('button', { name: ${literal(name)}, exact: true }).click();`;
const categoryTitle = (id: string): string => AGENDA_CATEGORIES.find((category) => category.id === id)?.title ?? id;

// A failure the model names by its HTTP status 400 is the stale cursor; any other one is a final refusal (4xx, not tried again).
const failureStatus = (error: { readonly _tag: string; readonly status?: number }): number => (error._tag === 'HttpError' && error.status === 400 ? 400 : 404);

/** The agenda's covering suite on its permalink's page, the markup of /agenda/, pages of two, and the model's today. */
export const agendaDriver: PlaywrightDriver<AgendaMachineEvent> = {
  model: agendaModel,
  page: {
    path: eventPath(LATER_EVENT),
    markupOf: '/agenda/',
    widget: 'agenda',
    // The model's input (AGENDA_MODEL_INPUT): its agenda and page size on the container, its today on the clock, its event in the address.
    attributes: { 'data-agenda-id': AGENDA_MODEL_INPUT.agendaId, 'data-page-size': String(AGENDA_PAGE_SIZE) },
    // Noon in Zurich: the model's day, far from either midnight.
    now: `${AGENDA_TODAY}T12:00:00`,
  },
  act: (event, state) => {
    const before = state as AgendaSnapshot;
    switch (event.type) {
      case 'TITLE_CHANGED':
        return [`await ${WIDGET}.getByRole('searchbox', { name: 'Rechercher un titre', exact: true }).fill(${literal(event.title)});`];
      case 'SEARCH':
        return [click(WIDGET, 'Rechercher')];
      case 'SELECT_MONTH':
        return [`await ${WIDGET}.getByRole('combobox', { name: 'Mois', exact: true }).selectOption(${literal(event.month === null ? '' : String(event.month))});`];
      // The model turns "Cette semaine" on and off: a toggle pressed again clears it.
      case 'SELECT_RANGE':
        return [toggle('Période', 'Cette semaine')];
      case 'ADD_CATEGORY':
      case 'REMOVE_CATEGORY':
        return [toggle('Catégories', categoryTitle(event.id))];
      case 'SET_CATEGORIES':
        return [click(WIDGET, 'Toutes les catégories')];
      case 'RESET':
        return [click(WIDGET, 'Réinitialiser les filtres')];
      // Back to an address of the agenda, as the browser's history does it.
      case 'RESTORE_FILTERS':
        return [visit(literal(`/agenda/${event.search}`))];
      case 'RETRY':
        return [click(WIDGET, 'Réessayer')];
      case 'LOAD_MORE':
        return [follow(WIDGET, 'Afficher plus')];
      case 'LOAD_PAST':
        return [follow(WIDGET, 'Événements passés')];
      case 'AGENDA_LOADED':
        return [answer(listCall(before), wireOf(event))];
      // A busy server: the widget says it tries again, and does.
      case 'AGENDA_RETRYING':
        return [fail(listCall(before), 503)];
      case 'AGENDA_FAILED':
        return [fail(listCall(before), failureStatus(event.error))];
      case 'MORE_LOADED':
        return [answer(callOf(before.context.next ?? ''), wireOf(event))];
      case 'MORE_FAILED':
        return [fail(callOf(before.context.next ?? ''), failureStatus(event.error))];
      case 'PAST_LOADED':
        return [answer(callOf(before.context.pastNext ?? ''), wireOf(event))];
      case 'PAST_FAILED':
        return [fail(callOf(before.context.pastNext ?? ''), failureStatus(event.error))];
      case 'EVENT_FOUND':
        return [answer(agendaEventPath(before.context.agendaId, before.context.openEvent ?? ''), AgendaEvent.encode(event.event))];
      // The permalink's event unknown to the server.
      case 'EVENT_MISSING':
        return [fail(agendaEventPath(before.context.agendaId, before.context.openEvent ?? ''), 404)];
      case 'CATEGORIES_LOADED':
        return [answer(CATEGORIES, AgendaCategoryList.encode([...event.categories]))];
      case 'CATEGORIES_FAILED':
        return [fail(CATEGORIES, 404)];
      // The title's link opens the details in place; their summary (named "Détails – {title}") closes them.
      case 'OPEN_DETAILS':
        return [follow(WIDGET, event.title)];
      case 'CLOSE_DETAILS':
        return [`await ${WIDGET}.locator('summary').filter({ hasText: ${literal(before.context.detailsOpen?.title ?? '')} }).click();`];
    }
  },
};
