import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import { transitionsTaken, type ModelPath } from './coverage';
import { pathsOf, type MachineModel } from './machine-model';
import { firstSnapshot, nextSnapshot } from './snapshots';

type Snapshot = SnapshotFrom<AnyStateMachine>;

/** The longest a covering path grows before the next one starts from the beginning: a session a tester follows at one go. */
export const MAX_COVERING_STEPS = 12;

interface Edge<E extends EventObject> {
  readonly event: E;
  readonly to: string;
  readonly transitions: readonly string[];
}

interface Graph<E extends EventObject> {
  readonly start: string;
  readonly edges: ReadonlyMap<string, readonly Edge<E>[]>;
}

/** Every state the model's events reach from the start (one snapshot a key), with the written transitions each event takes. */
const graphOf = <E extends EventObject>(model: MachineModel<E>): Graph<E> => {
  const machine = model.model;
  const initial = firstSnapshot(machine, model.input);
  const start = model.key(initial);
  const snapshots = new Map<string, Snapshot>([[start, initial]]);
  const edges = new Map<string, Edge<E>[]>();
  const queue = [start];
  // A for-of over an array visits the items pushed while it runs: the queue of a breadth-first walk.
  for (const key of queue) {
    const snapshot = snapshots.get(key)!;
    const out: Edge<E>[] = [];
    for (const event of model.events(snapshot)) {
      const transitions = transitionsTaken(machine, snapshot, event);
      if (transitions.length === 0) continue;
      const next = nextSnapshot(machine, snapshot, event);
      const to = model.key(next);
      out.push({ event, to, transitions });
      if (!snapshots.has(to)) {
        snapshots.set(to, next);
        queue.push(to);
      }
    }
    edges.set(key, out);
  }
  return { start, edges };
};

/** The shortest run of edges from `from` to an edge that takes a transition not yet covered, or `null` when none is reachable. */
const nearestUncovered = <E extends EventObject>(graph: Graph<E>, from: string, covered: ReadonlySet<string>): readonly Edge<E>[] | null => {
  const cameBy = new Map<string, { readonly previous: string; readonly edge: Edge<E> } | null>([[from, null]]);
  const queue = [from];
  for (const key of queue) {
    for (const edge of graph.edges.get(key) ?? []) {
      if (edge.transitions.some((id) => !covered.has(id))) {
        const route: Edge<E>[] = [edge];
        for (let at = cameBy.get(key); at; at = cameBy.get(at.previous)) route.unshift(at.edge);
        return route;
      }
      if (!cameBy.has(edge.to)) {
        cameBy.set(edge.to, { previous: key, edge });
        queue.push(edge.to);
      }
    }
  }
  return null;
};

/** A path's events replayed from the start: its exact snapshots, whatever the key leaves out. */
const replayed = <E extends EventObject>(model: MachineModel<E>, events: readonly E[]): ModelPath<E> => {
  let snapshot = firstSnapshot(model.model, model.input);
  const steps: { event: E; snapshot: Snapshot }[] = [{ event: { type: 'xstate.init' } as E, snapshot }];
  for (const event of events) {
    snapshot = nextSnapshot(model.model, snapshot, event);
    steps.push({ event, snapshot });
  }
  return { kind: 'transition', description: `covering suite: ${events.map((event) => event.type).join(' → ')}`, steps };
};

/**
 * The covering suite: few paths that together take every written transition at least once.
 * Each path goes from where it stands to the nearest transition not yet taken, again and
 * again, until no such transition is in reach or it is `MAX_COVERING_STEPS` long; the next
 * path starts from the beginning. Greedy, so few rather than provably fewest.
 */
export const coveringSuite = <E extends EventObject>(model: MachineModel<E>): ModelPath<E>[] => {
  const graph = graphOf(model);
  const covered = new Set<string>();
  const paths: ModelPath<E>[] = [];
  for (;;) {
    const events: E[] = [];
    let at = graph.start;
    for (;;) {
      const route = nearestUncovered(graph, at, covered);
      if (route === null || (events.length > 0 && events.length + route.length > MAX_COVERING_STEPS)) break;
      for (const edge of route) {
        events.push(edge.event);
        edge.transitions.forEach((id) => covered.add(id));
        at = edge.to;
      }
    }
    if (events.length === 0) return paths;
    paths.push(replayed(model, events));
  }
};

/** What a model test walks: the exhaustive paths, and the covering suite, whose every step the documents describe. */
export const modelTestPaths = <E extends EventObject>(model: MachineModel<E>): ModelPath<E>[] => [...pathsOf(model), ...coveringSuite(model)];
