import { isLeft } from 'fp-ts/Either';
import { PathReporter } from 'io-ts/PathReporter';
import { createActor, fromCallback, type AnyStateMachine, type EventObject } from 'xstate';
import { Journal, contextFingerprint, type ActorJournal } from '../services/journal-service';
import { agendaMachine } from './agenda-machine';
import { cartMachine } from './cart-machine';
import { cartPricesMachine } from './cart-prices-machine';
import { directoryMachine } from './directory-machine';
import { newsMachine } from './news-machine';
import { shopMachine } from './shop-machine';
import { siteSearchMachine } from './site-search-machine';

/** The machine of each widget name a journal may hold. */
export const WIDGET_MACHINES: Readonly<Record<string, AnyStateMachine>> = {
  directory: directoryMachine,
  agenda: agendaMachine,
  news: newsMachine,
  cart: cartMachine,
  'cart-prices': cartPricesMachine,
  shop: shopMachine,
  // The search page's widget and the header's suggestions alike.
  'site-search': siteSearchMachine,
};

/** One step of a replay: the event fed in, the state the journal recorded, the state the replay reached. */
export interface ReplayStep {
  readonly event: EventObject;
  readonly recorded: { readonly value: unknown; readonly context: string };
  readonly replayed: { readonly value: unknown; readonly context: string };
  readonly same: boolean;
}

/** The replay of one widget's journal. */
export interface ActorReplay {
  readonly widget: string;
  readonly steps: readonly ReplayStep[];
  readonly same: boolean;
}

const stateOf = (snapshot: { value: unknown; context: unknown }) => ({ value: snapshot.value, context: contextFingerprint(snapshot.context) });
const sameState = (a: ReplayStep['recorded'], b: ReplayStep['replayed']): boolean => a.context === b.context && JSON.stringify(a.value) === JSON.stringify(b.value);

// Every service of the machine stays silent: the recorded answers take the network's place.
const silenced = (machine: AnyStateMachine): AnyStateMachine =>
  machine.provide({
    actors: Object.fromEntries(Object.keys(machine.implementations.actors).map((name) => [name, fromCallback(() => undefined)])),
  });

const replayActor = (record: ActorJournal): ActorReplay => {
  const machine = WIDGET_MACHINES[record.widget];
  if (!machine) throw new Error(`The journal names a widget this site does not have: ${record.widget}`);
  const actor = createActor(silenced(machine), { input: record.input as never });
  actor.start();
  const initial = stateOf(actor.getSnapshot());
  const steps: ReplayStep[] = [{ event: { type: 'xstate.init' }, recorded: record.initial, replayed: initial, same: sameState(record.initial, initial) }];
  for (const entry of record.entries) {
    actor.send(entry.event);
    const replayed = stateOf(actor.getSnapshot());
    steps.push({ event: entry.event, recorded: entry.state, replayed, same: sameState(entry.state, replayed) });
  }
  actor.stop();
  return { widget: record.widget, steps, same: steps.every((step) => step.same) };
};

/**
 * Feeds a recorded journal to fresh machines, the recorded answers in place of the network,
 * and compares each state with the one recorded. The journal is decoded first: a file that
 * is not a journal is refused with the path of what is wrong.
 */
export const replayJournal = (journal: unknown): ActorReplay[] => {
  const decoded = Journal.decode(journal);
  if (isLeft(decoded)) throw new Error(`Not a journal:\n${PathReporter.report(decoded).join('\n')}`);
  return decoded.right.actors.map(replayActor);
};
