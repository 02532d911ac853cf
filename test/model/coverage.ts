import { type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { nextSnapshot } from './snapshots';

type AnyNode = AnyStateMachine['root'];
type Snapshot = SnapshotFrom<AnyStateMachine>;

const nodesOf = (node: AnyNode): AnyNode[] => [node, ...Object.values(node.states).flatMap((child) => nodesOf(child))];

/** Every state of a machine, by id (`directory.contacts.loading`), the root left out. */
export const stateIds = (machine: AnyStateMachine): string[] =>
  nodesOf(machine.root)
    .slice(1)
    .map((node) => node.id);

const transitionId = (sourceId: string, eventType: string, index: number): string => `${sourceId} —${eventType}#${index}→`;

/** Every transition written in a machine, by source state, event and position. */
export const transitionIds = (machine: AnyStateMachine): string[] =>
  nodesOf(machine.root).flatMap((node) =>
    [...node.transitions.entries()].flatMap(([eventType, definitions]) => definitions.map((_definition, index) => transitionId(node.id, eventType, index))),
  );

/** The written transitions that an event takes from a snapshot (none when no guard lets it through). */
export const transitionsTaken = (machine: AnyStateMachine, snapshot: Snapshot, event: EventObject): string[] =>
  machine.getTransitionData(snapshot as never, event as never).map((definition) => {
    const { source } = definition;
    // The machine is any machine: its descriptors are strings, which the any-typed definition does not say.
    const eventType = String(definition.eventType);
    return transitionId(source.id, eventType, source.transitions.get(eventType)!.indexOf(definition));
  });

/** The states active in a snapshot. */
export const statesActive = (machine: AnyStateMachine, snapshot: Snapshot): string[] =>
  nodesOf(machine.root)
    .slice(1)
    .filter((node) => snapshot.matches(node.path.reduceRight<unknown>((value, key) => (value === undefined ? key : { [key]: value }), undefined) as never))
    .map((node) => node.id);

/** One walk through a machine: the events in order and the snapshot after each (the first is the start). */
export interface ModelPath<E extends EventObject> {
  /** `state`: the shortest path to a state; `transition`: a path that ends by taking a transition the others miss. */
  readonly kind: 'state' | 'transition';
  readonly description: string;
  readonly steps: readonly { readonly event: E; readonly snapshot: Snapshot }[];
}

interface PathOptions<E extends EventObject> {
  readonly events: (snapshot: Snapshot) => readonly E[];
  readonly key: (snapshot: Snapshot) => string;
  /** The machine's input, when it declares one. */
  readonly input?: unknown;
}

/**
 * The paths a model-based test walks: the shortest path to every reachable state (keyed
 * by `key`), plus, for each written transition those miss, a shortest path to a state
 * where an offered event takes it, then that event. Together they walk every reachable
 * state and transition.
 */
export const coveringPaths = <E extends EventObject>(model: AnyStateMachine, options: PathOptions<E>): ModelPath<E>[] => {
  const testModel = createTestModel(model, {
    events: options.events as never,
    // The graph also tries every event type bare; only the events the state offers are walked.
    filterEvents: (snapshot, event) => options.events(snapshot).some((offered) => JSON.stringify(offered) === JSON.stringify(event)),
    serializeState: (snapshot) => options.key(snapshot),
    input: options.input,
  });
  const shortest = testModel.getShortestPaths();
  const toModelPath = (steps: readonly { event: EventObject; state: unknown }[], kind: ModelPath<E>['kind']): ModelPath<E> => ({
    kind,
    description:
      steps
        .slice(1)
        .map((step) => eventLabel(step.event))
        .join(' → ') || '(start)',
    steps: steps.map((step) => ({ event: step.event as E, snapshot: step.state as Snapshot })),
  });
  const paths = shortest.map((path) => toModelPath(path.steps, 'state'));
  const covered = new Set(paths.flatMap((path) => walked(model, path).transitions));
  // Shortest paths leave out the ones that are a prefix of another: every prefix is a place to branch from.
  const branched = new Set<string>();
  for (const path of shortest) {
    path.steps.forEach((step, index) => {
      const state = step.state;
      const key = options.key(state);
      if (branched.has(key)) return;
      branched.add(key);
      for (const event of options.events(state)) {
        const taken = transitionsTaken(model, state, event);
        if (taken.length === 0 || taken.every((id) => covered.has(id))) continue;
        const next = nextSnapshot(model, state, event);
        paths.push(toModelPath([...path.steps.slice(0, index + 1), { event, state: next }], 'transition'));
        taken.forEach((id) => covered.add(id));
      }
    });
  }
  return paths;
};

/** The states and written transitions that a path walks. */
export const walked = (machine: AnyStateMachine, path: ModelPath<EventObject>): { states: string[]; transitions: string[] } => ({
  states: path.steps.flatMap((step) => statesActive(machine, step.snapshot)),
  transitions: path.steps.slice(1).flatMap((step, index) => transitionsTaken(machine, path.steps[index]!.snapshot, step.event)),
});

/** What of a machine a set of paths leaves unwalked: state ids and transition ids. */
export const unwalked = (machine: AnyStateMachine, paths: readonly ModelPath<EventObject>[]): { states: string[]; transitions: string[] } => {
  const states = new Set(paths.flatMap((path) => walked(machine, path).states));
  const transitions = new Set(paths.flatMap((path) => walked(machine, path).transitions));
  return {
    states: stateIds(machine).filter((id) => !states.has(id)),
    transitions: transitionIds(machine).filter((id) => !transitions.has(id)),
  };
};

const eventLabel = (event: EventObject): string => {
  const { type, ...rest } = event as EventObject & Record<string, unknown>;
  const detail = Object.entries(rest)
    .map(
      ([key, value]) =>
        `${key}=${Array.isArray(value) ? `[${value.length}]` : typeof value === 'object' && value !== null && '_tag' in value ? String(value._tag) : JSON.stringify(value)}`,
    )
    .join(' ');
  return detail ? `${type}(${detail})` : type;
};
