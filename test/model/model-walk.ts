import { act, cleanup } from '@testing-library/react';
import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import { unwalked, type ModelPath } from './coverage';
import { modelTestPaths } from './covering-suite';
import { expectSeen } from './expect-visible';
import type { MachineModel } from './machine-model';

type Snapshot = SnapshotFrom<AnyStateMachine>;

const WALK_TIMEOUT_MS = 60_000;

/** A step of a walk as its checks see it: the event (none at the start), the state before and the state expected after. */
export interface WalkStep<E extends EventObject, M> {
  readonly event: E | null;
  readonly before: Snapshot | null;
  readonly after: Snapshot;
  /** What `measure` read on the page before the step (request counts, storage). */
  readonly measured: M | null;
}

/** How a model test opens its page, makes events happen on it and checks each step. */
export interface ModelWalk<E extends EventObject, H, M = null> {
  readonly model: MachineModel<E>;
  /** The page's address before it opens, for the widgets that read and write it. */
  readonly address?: string;
  /** The page opened: the real machine of the page with fake services, the real view rendered. */
  readonly open: () => H;
  /** Its actors stopped (the rendered view is cleaned up after). */
  readonly close: (h: H) => void;
  /** Makes the event happen as a visitor or a service would. */
  readonly perform: (h: H, event: E) => void;
  /** Reads, before a step, what its checks compare with after it. */
  readonly measure?: (h: H) => M;
  /** The checks of a step beyond `visible`: the rest of the screen, the requests, the storage. */
  readonly expectStep: (h: H, step: WalkStep<E, M>) => void | Promise<void>;
}

/** Walks one path on the real view: after the start and each step, the walk's own checks, then what the model says is visible. */
export const walkPath = async <E extends EventObject, H, M>(walk: ModelWalk<E, H, M>, path: ModelPath<E>): Promise<void> => {
  if (walk.address !== undefined) window.history.replaceState(null, '', walk.address);
  const h = walk.open();
  try {
    const first = path.steps[0]!.snapshot;
    await walk.expectStep(h, { event: null, before: null, after: first, measured: null });
    await expectSeen(walk.model.visible(first));
    for (const [index, step] of path.steps.slice(1).entries()) {
      const measured = walk.measure ? walk.measure(h) : null;
      act(() => {
        walk.perform(h, step.event);
      });
      await walk.expectStep(h, { event: step.event, before: path.steps[index]!.snapshot, after: step.snapshot, measured });
      await expectSeen(walk.model.visible(step.snapshot));
    }
  } finally {
    walk.close(h);
    cleanup();
    document.body.replaceChildren();
  }
};

/** The model test of a machine: every state and transition walked, then each path, exhaustive and covering, on the real view. */
export const describeModelWalk = <E extends EventObject, H, M>(
  title: string,
  walk: ModelWalk<E, H, M>,
  name: (path: ModelPath<E>) => string = (path) => path.description,
): void => {
  const paths = modelTestPaths(walk.model);
  describe(title, () => {
    it('walks every state and every transition of the machine', () => {
      expect(unwalked(walk.model.model, paths)).toEqual({ states: [], transitions: [] });
    });

    // A guard against a hung walk, not a speed check: on a busy two-core machine a long path on jsdom takes
    // several seconds, and a walk cut short by Jest's 5 s default would go on emptying the next walk's page.
    it.each(paths.map((path) => [name(path), path] as const))('%s', (_name, path) => walkPath(walk, path), WALK_TIMEOUT_MS);
  });
};
