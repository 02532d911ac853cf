import { assertEvent, assign, setup, type SnapshotFrom } from 'xstate';
import { agendaFeedPath, feedFiltersOf } from '../domain/feed-addresses';
import type { CopyEvent } from '../services/clipboard-service';
import { providedLater } from './machine-parts';
import { filtersOf, type AgendaSnapshot } from './agenda-machine';

/** What the agenda's "S'abonner" holds: where the site is, and the address last copied. */
export interface SubscriptionContext {
  /** The page's origin (`https://www.example.ch`); `null` where there is none (the server's rendering), where only paths are shown. */
  readonly origin: string | null;
  /** The address the latest copy was asked for: its outcome is told beside that address only. */
  readonly copied: string | null;
}

/** Visitor intents (imperative) and the copy's outcome (past tense). */
export type SubscriptionEvent = { readonly type: 'OPEN' } | { readonly type: 'CLOSE' } | { readonly type: 'COPY'; readonly text: string } | CopyEvent;

/** What the subscription machine is started with. */
export interface SubscriptionInput {
  readonly origin: string | null;
}

/**
 * The agenda's calendar subscription: a disclosure that shows the feed's addresses for the
 * filters in force, and copies the https one. The copy is a service (`copy`, given with
 * `machine.provide`) that reports `COPIED` or `COPY_FAILED`.
 */
export const subscriptionMachine = setup({
  types: { context: {} as SubscriptionContext, events: {} as SubscriptionEvent, input: {} as SubscriptionInput },
  actors: {
    copy: providedLater<CopyEvent, string>('subscription', 'copy'),
  },
  actions: {
    rememberCopy: assign({
      copied: ({ event }) => {
        assertEvent(event, 'COPY');
        return event.text;
      },
    }),
  },
  guards: {
    hasText: ({ event }) => {
      assertEvent(event, 'COPY');
      return event.text !== '';
    },
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => ({ origin: input.origin, copied: null }),
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'open' } },
    open: {
      initial: 'idle',
      on: { CLOSE: 'closed' },
      states: {
        idle: { on: { COPY: { guard: 'hasText', target: 'copying', actions: 'rememberCopy' } } },
        copying: {
          invoke: { src: 'copy', input: ({ context }) => context.copied ?? '' },
          on: { COPIED: 'copied', COPY_FAILED: 'copyFailed' },
        },
        copied: { on: { COPY: { guard: 'hasText', target: 'copying', actions: 'rememberCopy' } } },
        copyFailed: { on: { COPY: { guard: 'hasText', target: 'copying', actions: 'rememberCopy' } } },
      },
    },
  },
});

/** A snapshot of the subscription machine. */
export type SubscriptionSnapshot = SnapshotFrom<typeof subscriptionMachine>;

/** Whether the disclosure is open. */
export const selectSubscriptionOpen = (snapshot: SubscriptionSnapshot): boolean => snapshot.matches('open');

/** The page's origin, `null` on the server. */
export const selectOrigin = (snapshot: SubscriptionSnapshot): string | null => snapshot.context.origin;

/** What the copy of an address came to: told only beside the address it copied, not once the filters changed it. */
export type CopyStatus = 'none' | 'copying' | 'copied' | 'failed';

/** The outcome of the latest copy of `address`. */
export const selectCopyStatus = (snapshot: SubscriptionSnapshot, address: string | null): CopyStatus => {
  if (address === null || snapshot.context.copied !== address) return 'none';
  if (snapshot.matches({ open: 'copying' })) return 'copying';
  if (snapshot.matches({ open: 'copied' })) return 'copied';
  return snapshot.matches({ open: 'copyFailed' }) ? 'failed' : 'none';
};

/** The path of the calendar feed of the agenda's categories and title, `null` when they have none. */
export const selectCalendarFeedPath = (snapshot: AgendaSnapshot): string | null =>
  agendaFeedPath(snapshot.context.agendaId, feedFiltersOf(filtersOf(snapshot.context)));
