import { Subject } from 'rxjs';
import { createActor, fromEventObservable } from 'xstate';
import type { DirectoryFilters } from '../../src/domain/directory';
import { directoryMachine } from '../../src/machines/directory-machine';
import { replayJournal } from '../../src/machines/journal-replay';
import type { CategoriesEvent, ContactsEvent } from '../../src/services/contacts-service';
import { createJournalRecorder, type Journal } from '../../src/services/journal-service';
import { CATEGORIES, CONTACTS, FAILURE } from '../support/directory-fixtures';

/** A directory session through the real machine, its services answering from the test, recorded. */
const recordSession = (): Journal => {
  let clock = 0;
  const recorder = createJournalRecorder('/annuaire/?journal', () => (clock += 7));
  const contactAnswers: Subject<ContactsEvent>[] = [];
  const categoryAnswers: Subject<CategoriesEvent>[] = [];
  const machine = directoryMachine.provide({
    actors: {
      loadContacts: fromEventObservable<ContactsEvent, DirectoryFilters>(() => {
        const answer = new Subject<ContactsEvent>();
        contactAnswers.push(answer);
        return answer;
      }),
      loadCategories: fromEventObservable<CategoriesEvent, void>(() => {
        const answer = new Subject<CategoriesEvent>();
        categoryAnswers.push(answer);
        return answer;
      }),
    },
  });
  const input = { filters: { text: '', category: '' } };
  const actor = createActor(machine, { input, inspect: recorder.observe('directory', input) });
  actor.start();
  categoryAnswers.at(-1)!.next({ type: 'CATEGORIES_LOADED', categories: CATEGORIES });
  contactAnswers.at(-1)!.next({ type: 'CONTACTS_FAILED', error: FAILURE });
  actor.send({ type: 'RETRY' });
  contactAnswers.at(-1)!.next({ type: 'CONTACTS_LOADED', contacts: CONTACTS });
  actor.send({ type: 'TEXT_CHANGED', text: 'hé' });
  actor.send({ type: 'KEY_RELEASED', text: 'hé' });
  contactAnswers.at(-1)!.next({ type: 'CONTACTS_LOADED', contacts: CONTACTS.slice(0, 1) });
  actor.send({ type: 'OPEN_DETAILS', slug: 'helene-rochat' });
  actor.send({ type: 'CLOSE_DETAILS' });
  actor.stop();
  return recorder.journal();
};

describe('the event journal', () => {
  it('records every visitor event and every service answer, with its time and the state it led to', () => {
    const journal = recordSession();
    expect(journal.version).toBe(1);
    expect(journal.page).toBe('/annuaire/?journal');
    const [directory] = journal.actors;
    expect(directory!.widget).toBe('directory');
    expect(directory!.entries.map((entry) => entry.event.type)).toEqual([
      'CATEGORIES_LOADED',
      'CONTACTS_FAILED',
      'RETRY',
      'CONTACTS_LOADED',
      'TEXT_CHANGED',
      'KEY_RELEASED',
      'CONTACTS_LOADED',
      'OPEN_DETAILS',
      'CLOSE_DETAILS',
    ]);
    const times = directory!.entries.map((entry) => entry.at);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(directory!.entries[1]!.state.value).toEqual({ contacts: 'failed', categories: 'ready', details: 'closed' });
  });

  it('replays to the same sequence of states in fresh machines, without the network', () => {
    const replay = replayJournal(JSON.parse(JSON.stringify(recordSession())));
    expect(replay).toHaveLength(1);
    expect(replay[0]!.steps).toHaveLength(10);
    expect(replay[0]!.steps.filter((step) => !step.same)).toEqual([]);
    expect(replay[0]!.same).toBe(true);
  });

  it('tells where a replay parts from what was recorded', () => {
    const journal = recordSession();
    const tampered = structuredClone(journal);
    // The answer to the search is changed: from that step on, the data differ.
    const answer = tampered.actors[0]!.entries[6]!;
    answer.event = { ...answer.event, contacts: [] };
    const replay = replayJournal(tampered);
    expect(replay[0]!.same).toBe(false);
    expect(replay[0]!.steps.findIndex((step) => !step.same)).toBe(7);
  });

  it('tells a step apart when only its state, or only its data, differ from what was recorded', () => {
    const journal = recordSession();
    const otherState = structuredClone(journal);
    otherState.actors[0]!.entries[2]!.state.value = { contacts: 'failed', categories: 'ready', details: 'closed' };
    const otherData = structuredClone(journal);
    otherData.actors[0]!.entries[2]!.state.context = '00000000';
    for (const tampered of [otherState, otherData]) {
      expect(replayJournal(tampered)[0]!.steps.map((step) => step.same)).toStrictEqual(replayJournal(journal)[0]!.steps.map((_step, index) => index !== 3));
    }
  });

  it('refuses a journal that names a widget this site does not have', () => {
    const journal = recordSession();
    expect(() => replayJournal({ ...journal, actors: [{ ...journal.actors[0]!, widget: 'météo' }] })).toThrow(
      'The journal names a widget this site does not have: météo',
    );
  });

  it('refuses a file that is not a journal, saying what is wrong', () => {
    expect(() => replayJournal({ version: 2, actors: [] })).toThrow(/Not a journal[\s\S]*version/);
  });

  it('names each thing wrong with a file on a line of its own', () => {
    let message = '';
    try {
      replayJournal({ version: 2, page: '/agenda/', startedAt: '2026-11-23T10:00:00Z', actors: 'none' });
    } catch (error) {
      message = error instanceof Error ? error.message : String(error);
    }
    const [first, ...rest] = message.split('\n');
    expect(first).toBe('Not a journal:');
    // Each line names the journal's type, then `/` and the field it is about.
    expect(rest.map((line) => /\}\/(\w+): /.exec(line)?.[1])).toStrictEqual(['version', 'actors']);
  });
});
