import { of } from 'rxjs';
import { createActor, fromEventObservable } from 'xstate';
import type { AgendaEvent } from '../../src/domain/agenda';
import { addDays } from '../../src/domain/calendar-days';
import { agendaMachine, selectHasPast, selectShownEvents } from '../../src/machines/agenda-machine';
import type {
  AgendaCategoriesEvent,
  AgendaEventQuery,
  AgendaEventsEvent,
  AgendaPermalinkEvent,
  AgendaQuery,
  MoreAgendaEvent,
  PastAgendaEvent,
} from '../../src/services/agenda-service';

const TODAY = '2026-11-23';
const event = (offset: number): AgendaEvent => ({ id: String(offset), bel_date: addDays(TODAY, offset), title: `Séance du jour ${offset}` });

// A backend that pages the upcoming events but answers the past call with every event it has,
// upcoming ones included (as one that ignores the period it is asked for).
const start = () => {
  const askedPast: string[] = [];
  const actor = createActor(
    agendaMachine.provide({
      actors: {
        loadAgenda: fromEventObservable<AgendaEventsEvent, AgendaQuery>(() =>
          of({ type: 'AGENDA_LOADED', events: [event(1), event(2)], next: '/api/agendas/1/events?cursor=2', whole: false } as const),
        ),
        loadMore: fromEventObservable<MoreAgendaEvent, string>(() => of({ type: 'MORE_LOADED', events: [event(3)], next: null, whole: false } as const)),
        loadPast: fromEventObservable<PastAgendaEvent, string>(({ input }) => {
          askedPast.push(input);
          return of({ type: 'PAST_LOADED', events: [event(3), event(-3), event(1), event(-1), event(-2), event(2)], next: null, whole: true } as const);
        }),
        loadCategories: fromEventObservable<AgendaCategoriesEvent, void>(() => of({ type: 'CATEGORIES_LOADED', categories: [] } as const)),
        loadEvent: fromEventObservable<AgendaPermalinkEvent, AgendaEventQuery>(() => of({ type: 'EVENT_MISSING' } as const)),
      },
    }),
    { input: { agendaId: '1', today: TODAY, pageSize: 2 } },
  );
  actor.start();
  return { actor, askedPast };
};

describe('the agenda’s past pages', () => {
  it('takes only the events before today from a past answer that holds every event, the most recent first, two at a time', () => {
    const { actor, askedPast } = start();
    expect(selectShownEvents(actor.getSnapshot()).map(({ id }) => id)).toStrictEqual(['1', '2']);
    actor.send({ type: 'LOAD_PAST' });
    expect(askedPast).toHaveLength(1);
    expect(askedPast[0]).toContain('period=past');
    // Shown in date order: the two most recent past events, then the upcoming ones; the third upcoming stays for "Afficher plus".
    expect(selectShownEvents(actor.getSnapshot()).map(({ id }) => id)).toStrictEqual(['-2', '-1', '1', '2']);
    expect(selectHasPast(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'LOAD_PAST' });
    expect(askedPast).toHaveLength(1);
    expect(selectShownEvents(actor.getSnapshot()).map(({ id }) => id)).toStrictEqual(['-3', '-2', '-1', '1', '2']);
    expect(selectHasPast(actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});
