import { of } from 'rxjs';
import { createActor, fromEventObservable } from 'xstate';
import type { AgendaEvent } from '../../src/domain/agenda';
import { addDays } from '../../src/domain/calendar-days';
import { agendaMachine, selectPermalinkEvent, selectShownEvents } from '../../src/machines/agenda-machine';
import type { AgendaCategoriesEvent, AgendaEventQuery, AgendaEventsEvent, AgendaPermalinkEvent, AgendaQuery } from '../../src/services/agenda-service';

const TODAY = '2026-11-23';
const events: AgendaEvent[] = [1, 2, 3, 4, 5].map((n) => ({ id: String(n), bel_date: addDays(TODAY, n), title: `Séance ${n}` }));

// A legacy backend: one whole array, revealed two by two; the permalink names the fourth event.
const start = () => {
  const actor = createActor(
    agendaMachine.provide({
      actors: {
        loadAgenda: fromEventObservable<AgendaEventsEvent, AgendaQuery>(() => of({ type: 'AGENDA_LOADED', events, next: null, whole: true } as const)),
        loadCategories: fromEventObservable<AgendaCategoriesEvent, void>(() => of({ type: 'CATEGORIES_LOADED', categories: [] } as const)),
        loadEvent: fromEventObservable<AgendaPermalinkEvent, AgendaEventQuery>(() => of({ type: 'EVENT_MISSING' } as const)),
      },
    }),
    { input: { agendaId: '1', today: TODAY, openEvent: '4', pageSize: 2 } },
  );
  actor.start();
  return actor;
};

describe("an agenda permalink's event shown above the list", () => {
  it('is shown on its own while the list does not reach it, and only in the list once "Afficher plus" does', () => {
    const actor = start();
    expect(selectShownEvents(actor.getSnapshot()).map((event) => event.id)).toEqual(['1', '2']);
    expect(selectPermalinkEvent(actor.getSnapshot())?.id).toBe('4');
    actor.send({ type: 'LOAD_MORE' });
    expect(selectShownEvents(actor.getSnapshot()).map((event) => event.id)).toEqual(['1', '2', '3', '4']);
    expect(selectPermalinkEvent(actor.getSnapshot())).toBeNull();
    actor.stop();
  });
});
