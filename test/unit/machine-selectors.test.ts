import { of } from 'rxjs';
import { createActor, fromEventObservable, type AnyStateMachine, type EventObject, type SnapshotFrom, type StateValue } from 'xstate';
import { agendaEvents } from '../../src/domain/agenda-grouping';
import {
  selectAgendaStatus,
  selectCategoryToggles,
  selectEmptyRange,
  selectLoadingMore,
  selectLoadingPast,
  selectMoreFailed,
  selectPastFailed,
  selectPermalinkFound,
  selectRetrying,
  type AgendaSnapshot,
} from '../../src/machines/agenda-machine';
import { selectStatus as selectCartStatus, type CartSnapshot } from '../../src/machines/cart-machine';
import { selectPriceCheck, selectPriceCheckRetrying, type CartPricesSnapshot } from '../../src/machines/cart-prices-machine';
import {
  selectAppendedFrom as selectDirectoryAppendedFrom,
  selectCategoryOptions,
  selectFindingContact,
  selectLoadingMore as selectDirectoryLoadingMore,
  selectMoreFailed as selectDirectoryMoreFailed,
  selectOpenContact,
  selectRetrying as selectDirectoryRetrying,
  selectStatus as selectDirectoryStatus,
  type DirectorySnapshot,
} from '../../src/machines/directory-machine';
import { selectEventsStatus, selectNewsStatus, type HomeSnapshot } from '../../src/machines/home-machine';
import { selectArticleStatus, type NewsArticleSnapshot } from '../../src/machines/news-article-machine';
import {
  selectAppendedFrom as selectNewsAppendedFrom,
  selectLoadingMore as selectNewsLoadingMore,
  selectMoreFailed as selectNewsMoreFailed,
  selectRetrying as selectNewsRetrying,
  selectStatus as selectNewsListStatus,
  type NewsSnapshot,
} from '../../src/machines/news-machine';
import { selectCopyStatus, subscriptionMachine, type SubscriptionSnapshot } from '../../src/machines/subscription-machine';
import { selectShopStatus, type ShopSnapshot } from '../../src/machines/shop-machine';
import { agendaModel } from '../model/agenda-model';
import { cartModel } from '../model/cart-model';
import { cartPricesModel } from '../model/cart-prices-model';
import { directoryModel } from '../model/directory-model';
import { homeModel } from '../model/home-model';
import { pathsOf, type MachineModel } from '../model/machine-model';
import { newsArticleModel } from '../model/news-article-model';
import { newsModel } from '../model/news-model';
import { shopModel } from '../model/shop-model';
import type { CopyEvent } from '../../src/services/clipboard-service';
import { SUBSCRIPTION_ADDRESS, subscriptionModel } from '../model/subscription-model';

type Snapshot = SnapshotFrom<AnyStateMachine>;

/** Every state a model's walk reaches, once each. */
const statesOf = <E extends EventObject>(model: MachineModel<E>): Snapshot[] => {
  const seen = new Map<string, Snapshot>();
  for (const path of pathsOf(model)) for (const { snapshot } of path.steps) seen.set(JSON.stringify([snapshot.value, snapshot.context]), snapshot);
  return [...seen.values()];
};

/** The state a region is in (its top-level child), read from the value itself; the machine's root when `region` is null. */
const stateOf = (value: StateValue, region: string | null): string => {
  const at = region === null ? value : (value as Record<string, StateValue>)[region];
  if (at === undefined) throw new Error(`No region ${String(region)} in ${JSON.stringify(value)}`);
  return typeof at === 'string' ? at : Object.keys(at)[0]!;
};

/** Whether the value is in `inner` within `outer` of `region` (a region's grandchild, as { ready: 'loadingMore' }). */
const isIn = (value: StateValue, region: string, outer: string, inner: string): boolean => {
  const at = (value as Record<string, StateValue>)[region];
  return typeof at === 'object' && (at as Record<string, StateValue>)[outer] === inner;
};

// Each selector of a status against the state the machine's value names, on every state the model reaches:
// a selector that read another region, state or default would differ on one of them.
const STATUSES: readonly (readonly [string, MachineModel<EventObject>, string | null, (snapshot: Snapshot) => string, (state: string) => string])[] = [
  [
    'agenda',
    agendaModel as unknown as MachineModel<EventObject>,
    'events',
    (s) => selectAgendaStatus(s as AgendaSnapshot),
    (state) => (state === 'nextEvents' ? 'loading' : state),
  ],
  ['directory', directoryModel as unknown as MachineModel<EventObject>, 'contacts', (s) => selectDirectoryStatus(s as DirectorySnapshot), (state) => state],
  ['news', newsModel as unknown as MachineModel<EventObject>, 'list', (s) => selectNewsListStatus(s as NewsSnapshot), (state) => state],
  ['cart', cartModel as unknown as MachineModel<EventObject>, 'lines', (s) => selectCartStatus(s as CartSnapshot), (state) => state],
  ['cart-prices', cartPricesModel as unknown as MachineModel<EventObject>, null, (s) => selectPriceCheck(s as CartPricesSnapshot), (state) => state],
  ['shop', shopModel as unknown as MachineModel<EventObject>, null, (s) => selectShopStatus(s as ShopSnapshot), (state) => state],
  ['news-article', newsArticleModel as unknown as MachineModel<EventObject>, null, (s) => selectArticleStatus(s as NewsArticleSnapshot), (state) => state],
  ['home (events)', homeModel as unknown as MachineModel<EventObject>, 'events', (s) => selectEventsStatus(s as HomeSnapshot), (state) => state],
  ['home (news)', homeModel as unknown as MachineModel<EventObject>, 'news', (s) => selectNewsStatus(s as HomeSnapshot), (state) => state],
];

describe('the status selectors, on every state the models reach', () => {
  it.each(STATUSES)('%s: the status is the state its region is in', (_name, model, region, select, expected) => {
    const states = statesOf(model);
    const statuses = new Set(states.map((snapshot) => stateOf(snapshot.value as StateValue, region)));
    // Every state of the region is met, so that each one's status is checked.
    expect(statuses.size).toBeGreaterThan(2);
    for (const snapshot of states)
      expect([snapshot.value, select(snapshot)]).toStrictEqual([snapshot.value, expected(stateOf(snapshot.value as StateValue, region))]);
  });

  it('agenda: what is on its way or failed, read from the list region', () => {
    const flags = { loadingMore: 0, loadingPast: 0, moreFailed: 0, pastFailed: 0, retrying: 0 };
    for (const snapshot of statesOf(agendaModel as unknown as MachineModel<EventObject>)) {
      const value = snapshot.value as StateValue;
      const agenda = snapshot as AgendaSnapshot;
      const expected = {
        loadingMore: isIn(value, 'events', 'ready', 'loadingMore'),
        loadingPast: isIn(value, 'events', 'ready', 'loadingPast'),
        moreFailed: isIn(value, 'events', 'ready', 'moreFailed'),
        pastFailed: isIn(value, 'events', 'ready', 'pastFailed'),
        retrying: isIn(value, 'events', 'loading', 'retrying'),
      };
      expect([
        value,
        selectLoadingMore(agenda),
        selectLoadingPast(agenda),
        selectMoreFailed(agenda),
        selectPastFailed(agenda),
        selectRetrying(agenda),
      ]).toStrictEqual([value, expected.loadingMore, expected.loadingPast, expected.moreFailed, expected.pastFailed, expected.retrying]);
      for (const [flag, on] of Object.entries(expected)) if (on) flags[flag as keyof typeof flags] += 1;
    }
    // Each is met at least once.
    expect(Object.values(flags).every((count) => count > 0)).toBe(true);
  });

  it('agenda: the permalink’s event is found once the list names it or its own call brought it, and only then', () => {
    const regions = new Set<string>();
    for (const snapshot of statesOf(agendaModel as unknown as MachineModel<EventObject>)) {
      const permalink = stateOf(snapshot.value as StateValue, 'permalink');
      regions.add(permalink);
      // Listed: the first list named it; a later list (other filters) may not, and then it is no longer found.
      const { agenda, openEvent } = (snapshot as AgendaSnapshot).context;
      const listed = permalink === 'listed' && agendaEvents(agenda).some((event) => event.id === openEvent);
      expect([permalink, selectPermalinkFound(snapshot as AgendaSnapshot)]).toStrictEqual([permalink, listed || permalink === 'shown']);
    }
    expect([...regions].sort()).toStrictEqual(['listed', 'loading', 'missing', 'shown', 'waiting']);
  });

  it('agenda: an address that names no event has nothing to find', () => {
    const snapshot = statesOf(agendaModel as unknown as MachineModel<EventObject>)[0] as AgendaSnapshot;
    expect(selectPermalinkFound({ ...snapshot, context: { ...snapshot.context, openEvent: null } })).toBe(true);
  });

  it('agenda: the range that held nothing is told only once the list is no longer loading', () => {
    let told = 0;
    for (const snapshot of statesOf(agendaModel as unknown as MachineModel<EventObject>)) {
      const agenda = snapshot as AgendaSnapshot;
      const events = stateOf(snapshot.value as StateValue, 'events');
      const expected = agenda.context.rangeEmpty && events !== 'loading' ? agenda.context.range : null;
      if (expected !== null) told += 1;
      expect([snapshot.value, selectEmptyRange(agenda)]).toStrictEqual([snapshot.value, expected]);
    }
    expect(told).toBeGreaterThan(0);
  });

  // The directory's and the news list's busy, failed and appended flags, from their list region.
  const LISTS = [
    [
      'directory',
      directoryModel as unknown as MachineModel<EventObject>,
      'contacts',
      (s: Snapshot) => [
        selectDirectoryLoadingMore(s as DirectorySnapshot),
        selectDirectoryMoreFailed(s as DirectorySnapshot),
        selectDirectoryRetrying(s as DirectorySnapshot),
        selectDirectoryAppendedFrom(s as DirectorySnapshot),
      ],
    ],
    [
      'news',
      newsModel as unknown as MachineModel<EventObject>,
      'list',
      (s: Snapshot) => [
        selectNewsLoadingMore(s as NewsSnapshot),
        selectNewsMoreFailed(s as NewsSnapshot),
        selectNewsRetrying(s as NewsSnapshot),
        selectNewsAppendedFrom(s as NewsSnapshot),
      ],
    ],
  ] as const;

  it.each(LISTS)('%s: more on its way, more failed, still trying, and where the added cards start', (_name, model, region, select) => {
    const met = new Set<string>();
    for (const snapshot of statesOf(model)) {
      const value = snapshot.value as StateValue;
      const { appendedFrom } = snapshot.context as { appendedFrom: number | null };
      const expected = [
        isIn(value, region, 'ready', 'loadingMore'),
        isIn(value, region, 'ready', 'moreFailed'),
        isIn(value, region, 'loading', 'retrying'),
        stateOf(value, region) === 'ready' ? appendedFrom : null,
      ];
      expected.forEach((flag, index) => {
        if (flag !== false && flag !== null) met.add(String(index));
      });
      expect([value, ...select(snapshot)]).toStrictEqual([value, ...expected]);
    }
    expect([...met].sort()).toStrictEqual(['0', '1', '2', '3']);
  });

  it('directory: the open contact only while the details are open, and finding while they wait or look', () => {
    for (const snapshot of statesOf(directoryModel as unknown as MachineModel<EventObject>)) {
      const directory = snapshot as DirectorySnapshot;
      const details = stateOf(snapshot.value as StateValue, 'details');
      expect([details, selectOpenContact(directory), selectFindingContact(directory)]).toStrictEqual([
        details,
        details === 'open' ? directory.context.opened : null,
        details === 'waiting' || details === 'finding',
      ]);
    }
  });

  it('subscription: a copy’s outcome, told beside the address it copied only', () => {
    const outcomes = new Set<string>();
    for (const snapshot of statesOf(subscriptionModel as unknown as MachineModel<EventObject>)) {
      const subscription = snapshot as SubscriptionSnapshot;
      const value = snapshot.value as StateValue;
      const copied = subscription.context.copied === SUBSCRIPTION_ADDRESS;
      const open = typeof value === 'object' ? (value as Record<string, string>)['open'] : undefined;
      const outcome = !copied ? 'none' : open === 'copying' ? 'copying' : open === 'copied' ? 'copied' : open === 'copyFailed' ? 'failed' : 'none';
      outcomes.add(outcome);
      expect([value, selectCopyStatus(subscription, SUBSCRIPTION_ADDRESS)]).toStrictEqual([value, outcome]);
      // Another address (other filters), or none: nothing to tell.
      expect(selectCopyStatus(subscription, `${SUBSCRIPTION_ADDRESS}?autre`)).toBe('none');
      expect(selectCopyStatus(subscription, null)).toBe('none');
    }
    expect([...outcomes].sort()).toStrictEqual(['copied', 'copying', 'failed', 'none']);
  });

  it('subscription: a copy’s outcome is no longer told once the panel is closed, nor when it opens again', () => {
    const failing = subscriptionMachine.provide({ actors: { copy: fromEventObservable<CopyEvent, string>(() => of({ type: 'COPY_FAILED' } as const)) } });
    const subscription = createActor(failing, { input: { origin: 'https://example.ch' } });
    subscription.start();
    subscription.send({ type: 'OPEN' });
    subscription.send({ type: 'COPY', text: SUBSCRIPTION_ADDRESS });
    expect(selectCopyStatus(subscription.getSnapshot(), SUBSCRIPTION_ADDRESS)).toBe('failed');
    subscription.send({ type: 'CLOSE' });
    expect(selectCopyStatus(subscription.getSnapshot(), SUBSCRIPTION_ADDRESS)).toBe('none');
    subscription.send({ type: 'OPEN' });
    expect(selectCopyStatus(subscription.getSnapshot(), SUBSCRIPTION_ADDRESS)).toBe('none');
    subscription.stop();
  });

  it('cart-prices: "still trying" only while a retry is on its way', () => {
    for (const snapshot of statesOf(cartPricesModel as unknown as MachineModel<EventObject>)) {
      expect(selectPriceCheckRetrying(snapshot as CartPricesSnapshot)).toBe(isIn({ root: snapshot.value as StateValue }, 'root', 'checking', 'retrying'));
    }
  });
});

// The selectors that read the context alone, on a reached state whose context is set as a visitor's address or the server would.
describe('the filter choices offered', () => {
  it('agenda: the toggles are the server’s categories, then each category of the address the list does not name, titled by its id', () => {
    const snapshot = statesOf(agendaModel as unknown as MachineModel<EventObject>)[0] as AgendaSnapshot;
    const categories = [
      { id: '1', title: 'Séance plénière' },
      { id: '2', title: 'Commission' },
    ];
    const at = (currentCategories: readonly string[]) => selectCategoryToggles({ ...snapshot, context: { ...snapshot.context, categories, currentCategories } });
    expect(at([])).toStrictEqual(categories);
    expect(at(['2'])).toStrictEqual(categories);
    expect(at(['9', '1'])).toStrictEqual([...categories, { id: '9', title: '9' }]);
  });

  it('directory: the dropdown lists the server’s categories, with the address’s category first when the list lacks it', () => {
    const snapshot = statesOf(directoryModel as unknown as MachineModel<EventObject>)[0] as DirectorySnapshot;
    const categories = ['Députés', 'Commissions'];
    const at = (category: string) =>
      selectCategoryOptions({ ...snapshot, context: { ...snapshot.context, categories, filters: { ...snapshot.context.filters, category } } });
    expect(at('')).toStrictEqual(categories);
    expect(at('Commissions')).toStrictEqual(categories);
    expect(at('Partis')).toStrictEqual(['Partis', ...categories]);
  });
});
