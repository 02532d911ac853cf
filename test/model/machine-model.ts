import { type AnyStateMachine, type EventObject, type SnapshotFrom, type StateValue } from 'xstate';
import { coveringPaths, type ModelPath } from './coverage';
import { firstSnapshot, nextSnapshot } from './snapshots';
import type { Seen } from './visible';

/** The language of the human steps of a path. */
export type StepLanguage = 'fr' | 'en';

type Snapshot = SnapshotFrom<AnyStateMachine>;

/**
 * What the model-based tests, the coverage gate and `npm run paths` share about a machine:
 * the walkable copy, the events a visitor or a service can cause in each state, the state
 * key, and how to say a step and a state in plain words.
 */
export interface MachineModel<E extends EventObject> {
  readonly name: string;
  /** The machine without its invocations: what `createTestModel` walks. */
  readonly model: AnyStateMachine;
  readonly input: unknown;
  readonly events: (snapshot: Snapshot) => readonly E[];
  readonly key: (snapshot: Snapshot) => string;
  /** A step in plain words; `before`, the state it comes in, names what the screen then shows (a button's words). */
  readonly describeEvent: (event: E, language: StepLanguage, before?: Snapshot) => string;
  /** Words for the regions and states of this machine, beside the shared ones. */
  readonly words?: Readonly<Record<string, readonly [fr: string, en: string]>>;
  /** A short note on what the screen holds in a state (counts and filters). */
  readonly describeContext?: (snapshot: Snapshot, language: StepLanguage) => string;
  /**
   * Replay each path's events from the start for its snapshots. The graph keeps one snapshot
   * a key, so a path's snapshots may carry another path's context beyond the key (the cart's
   * quantities and order id); replayed, they are exactly what the path's events give.
   */
  readonly replay?: boolean;
  /** What the visitor sees in a state, as the model test asserts it and the covering suite writes it. */
  readonly visible: (snapshot: Snapshot) => readonly Seen[];
}

const SHARED_WORDS: Readonly<Record<string, readonly [string, string]>> = {
  loading: ['en chargement', 'loading'],
  ready: ['affiché', 'shown'],
  empty: ['vide', 'empty'],
  failed: ['en échec', 'failed'],
  closed: ['fermé', 'closed'],
  open: ['ouvert', 'open'],
  categories: ['catégories', 'categories'],
  retrying: ['nouvel essai en cours', 'trying again'],
};

/** The step of a service announcing a retry, in plain words. */
export const describeRetry = ({ attempt, of }: { readonly attempt: number; readonly of: number }, language: StepLanguage): string =>
  language === 'fr' ? `L’appel tarde ou échoue : nouvel essai ${attempt} sur ${of}` : `The call is slow or fails: retry ${attempt} of ${of}`;

const word = (model: MachineModel<EventObject>, name: string, language: StepLanguage): string =>
  (model.words?.[name] ?? SHARED_WORDS[name])?.[language === 'fr' ? 0 : 1] ?? name;

const describeValue = (model: MachineModel<EventObject>, value: StateValue, language: StepLanguage): string =>
  typeof value === 'string'
    ? word(model, value, language)
    : Object.entries(value)
        // A first attempt is what loading means: only a retry is worth saying.
        .map(([region, inner]) =>
          inner === 'trying'
            ? word(model, region, language)
            : `${word(model, region, language)}${language === 'fr' ? ' :' : ':'} ${describeValue(model, inner!, language)}`,
        )
        .join(' · ');

/** The expected state after a step, in plain words. */
export const describeState = <E extends EventObject>(model: MachineModel<E>, snapshot: Snapshot, language: StepLanguage): string => {
  const value = describeValue(model as unknown as MachineModel<EventObject>, snapshot.value as StateValue, language);
  const context = model.describeContext?.(snapshot, language);
  return context ? `${value} (${context})` : value;
};

/** The paths that walk every state and transition of the machine. */
export const pathsOf = <E extends EventObject>(model: MachineModel<E>): ModelPath<E>[] => {
  const paths = coveringPaths(model.model, { events: model.events, key: model.key, input: model.input });
  if (!model.replay) return paths;
  return paths.map((path) => {
    let snapshot: Snapshot = firstSnapshot(model.model, model.input);
    return {
      ...path,
      steps: path.steps.map((step, index) => {
        if (index > 0) snapshot = nextSnapshot(model.model, snapshot, step.event);
        return { event: step.event, snapshot };
      }),
    };
  });
};
