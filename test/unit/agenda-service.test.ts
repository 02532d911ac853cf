import { firstValueFrom, of } from 'rxjs';
import { agendaNextPath, loadAgenda, loadAgendaEvent } from '../../src/services/agenda-service';
import type { AnswerSource } from '../../src/services/http';
import { AGENDA_EVENTS, LATER_EVENT } from '../support/agenda-fixtures';

/** A source that answers the given paths, and fails every other one with a 404. */
const answering = (answers: Record<string, unknown>): AnswerSource & { asked: string[] } => {
  const asked: string[] = [];
  return {
    base: 'https://api.example.ch',
    asked,
    answer: (path) => {
      asked.push(path);
      return path in answers ? of(answers[path]) : undefined;
    },
  };
};

const query = { agendaId: '1', filters: { categories: [], month: null, title: null }, page: { period: 'upcoming' as const, today: '2026-12-01', pageSize: 50 } };

describe('the agenda service', () => {
  it('reads a page of the reference server, its next link as a path under the API base', async () => {
    const api = answering({
      '/api/agenda/1/?page_size=50': { count: 3, next: 'https://api.example.ch/api/agenda/1/?page_size=50&cursor=abc', results: AGENDA_EVENTS },
    });
    await expect(firstValueFrom(loadAgenda(api, query))).resolves.toEqual({
      type: 'AGENDA_LOADED',
      events: AGENDA_EVENTS,
      next: '/api/agenda/1/?page_size=50&cursor=abc',
      whole: false,
      // The total the API reports, which the count states.
      count: 3,
    });
  });

  it('reads a legacy backend’s whole array as a whole answer, for the machine to window', async () => {
    const api = answering({ '/api/agenda/1/?page_size=50': AGENDA_EVENTS });
    await expect(firstValueFrom(loadAgenda(api, query))).resolves.toEqual({ type: 'AGENDA_LOADED', events: AGENDA_EVENTS, next: null, whole: true, count: 3 });
  });

  it('follows no next link that leaves the agenda calls', () => {
    expect(agendaNextPath('https://elsewhere.example/steal?x=1', 'https://api.example.ch')).toBeNull();
    expect(agendaNextPath('/api/contacts/?cursor=1', '')).toBeNull();
    expect(agendaNextPath('/api/agenda/?title=a&cursor=1', '')).toBe('/api/agenda/?title=a&cursor=1');
    expect(agendaNextPath(null, '')).toBeNull();
  });

  it('asks for a permalink’s event alone, and reports it missing when the backend does not know the call', async () => {
    const api = answering({ '/api/agenda/1/events/12/': LATER_EVENT });
    await expect(firstValueFrom(loadAgendaEvent(api, { agendaId: '1', eventId: '12' }))).resolves.toEqual({ type: 'EVENT_FOUND', event: LATER_EVENT });
    const legacy = { base: '', answer: () => of({ statusCode: 404 }) };
    await expect(firstValueFrom(loadAgendaEvent(legacy, { agendaId: '1', eventId: '12' }))).resolves.toEqual({ type: 'EVENT_MISSING' });
  });
});
