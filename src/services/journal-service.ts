import * as t from 'io-ts';
import type { ActorRefLike, InspectionEvent } from 'xstate';
import { jsonText } from '../domain/json';

/** One event that reached a widget's machine, when it arrived and the state it led to. */
export const JournalEntry = t.type({
  /** Milliseconds since the journal started. */
  at: t.number,
  event: t.intersection([t.type({ type: t.string }), t.UnknownRecord]),
  state: t.type({ value: t.unknown, context: t.string }),
});
export type JournalEntry = t.TypeOf<typeof JournalEntry>;

/** The journal of one widget: its machine's input, its first state, then every event. */
export const ActorJournal = t.type({
  widget: t.string,
  input: t.unknown,
  initial: t.type({ value: t.unknown, context: t.string }),
  entries: t.array(JournalEntry),
});
export type ActorJournal = t.TypeOf<typeof ActorJournal>;

/** A visitor's session: what `?journal` records and the panel downloads as JSON. */
export const Journal = t.type({
  version: t.literal(1),
  page: t.string,
  startedAt: t.string,
  actors: t.array(ActorJournal),
});
export type Journal = t.TypeOf<typeof Journal>;

/**
 * A short fingerprint of a machine's context (FNV-1a of its JSON): enough to tell that a
 * replay reached the same data, without copying every answer into each step.
 */
export const contextFingerprint = (context: unknown): string => {
  const text = jsonText(context) ?? '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
};

/** Records, for every widget it observes, each event its machine receives (visitor intents and service answers). */
export interface JournalRecorder {
  /** The inspection observer to give to `createActor` for a widget's root machine. */
  readonly observe: (widget: string, input: unknown) => (event: InspectionEvent) => void;
  readonly journal: () => Journal;
  /** Calls back after each recorded event; returns the unsubscribe function. */
  readonly subscribe: (listener: () => void) => () => void;
}

interface Snapshotted {
  value: unknown;
  context: unknown;
}

/** A journal recorder for a page. `now` gives milliseconds (tests give a fake clock). */
export const createJournalRecorder = (page: string, now: () => number = () => performance.now()): JournalRecorder => {
  const started = now();
  const startedAt = new Date().toISOString();
  const actors: ActorJournal[] = [];
  const listeners = new Set<() => void>();

  const observe = (widget: string, input: unknown) => {
    let root: ActorRefLike | null = null;
    let record: ActorJournal | null = null;
    return (inspection: InspectionEvent): void => {
      // The first actor announced is the widget's root machine; its children are its services.
      if (inspection.type === '@xstate.actor' && root === null) root = inspection.actorRef;
      if (inspection.type !== '@xstate.snapshot' || inspection.actorRef !== root) return;
      const snapshot = inspection.snapshot as unknown as Snapshotted;
      const state = { value: snapshot.value, context: contextFingerprint(snapshot.context) };
      if (inspection.event.type === 'xstate.init') {
        record = { widget, input, initial: state, entries: [] };
        actors.push(record);
        return;
      }
      if (record === null || inspection.event.type.startsWith('xstate.')) return;
      record.entries.push({ at: Math.round(now() - started), event: inspection.event, state });
      listeners.forEach((listener) => listener());
    };
  };

  return {
    observe,
    journal: () => ({ version: 1, page, startedAt, actors: actors.map((actor) => ({ ...actor, entries: [...actor.entries] })) }),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};
