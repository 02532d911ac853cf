import { initialTransition, transition, type AnyStateMachine, type EventObject, type SnapshotFrom } from 'xstate';

type Snapshot = SnapshotFrom<AnyStateMachine>;

/** A machine's first snapshot for an input, computed without running its actions: where every walk starts. */
export const firstSnapshot = (machine: AnyStateMachine, input: unknown): Snapshot => initialTransition(machine, input)[0];

/** The snapshot an event leads to, computed without running its actions. */
export const nextSnapshot = (machine: AnyStateMachine, snapshot: Snapshot, event: EventObject): Snapshot => transition(machine, snapshot, event)[0];
