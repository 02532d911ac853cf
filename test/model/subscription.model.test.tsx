import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { NEVER, Subject } from 'rxjs';
import { createActor, fromEventObservable, type SnapshotFrom } from 'xstate';
import { AGENDA_MESSAGES } from '../../src/i18n/agenda-messages';
import { addMessages } from '../../src/i18n/intl';
import { agendaMachine } from '../../src/machines/agenda-machine';
import { subscriptionMachine, type SubscriptionEvent } from '../../src/machines/subscription-machine';
import type {
  AgendaCategoriesEvent,
  AgendaEventQuery,
  AgendaEventsEvent,
  AgendaPermalinkEvent,
  AgendaQuery,
  MoreAgendaEvent,
  PastAgendaEvent,
} from '../../src/services/agenda-service';
import type { CopyEvent } from '../../src/services/clipboard-service';
import { AgendaSubscription } from '../../src/views/agenda/agenda-subscription';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { describeModelWalk } from './model-walk';
import { SUBSCRIPTION_ADDRESS, subscriptionModel } from './subscription-model';

type Snapshot = SnapshotFrom<typeof subscriptionMachine>;

addMessages(AGENDA_MESSAGES);

// The agenda's services never answer: the disclosure reads only the agenda's filters.
const SILENT_AGENDA = {
  loadAgenda: fromEventObservable<AgendaEventsEvent, AgendaQuery>(() => NEVER),
  loadMore: fromEventObservable<MoreAgendaEvent, string>(() => NEVER),
  loadPast: fromEventObservable<PastAgendaEvent, string>(() => NEVER),
  loadEvent: fromEventObservable<AgendaPermalinkEvent, AgendaEventQuery>(() => NEVER),
  loadCategories: fromEventObservable<AgendaCategoriesEvent, void>(() => NEVER),
};

/** The disclosure beside an agenda whose filters are categories 7 and 3 and the title « Séance », with a fake clipboard. */
const harness = () => {
  const copies: { text: string; answer: Subject<CopyEvent> }[] = [];
  const agenda = createActor(agendaMachine.provide({ actors: SILENT_AGENDA }), {
    input: { agendaId: '1', today: '2026-11-23', filters: { categories: ['7', '3'], month: 4, title: 'Séance' } },
  });
  const subscription = createActor(
    subscriptionMachine.provide({
      actors: {
        copy: fromEventObservable(({ input }: { input: string }) => {
          const answer = new Subject<CopyEvent>();
          copies.push({ text: input, answer });
          return answer;
        }),
      },
    }),
    { input: subscriptionModel.input as { origin: string } },
  );
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  agenda.start();
  subscription.start();
  render(
    <WidgetRoot container={container}>
      <AgendaSubscription agenda={agenda} subscription={subscription} />
    </WidgetRoot>,
    { container },
  );
  return { agenda, subscription, copies, container };
};

type Harness = ReturnType<typeof harness>;

const details = (h: Harness): HTMLDetailsElement => h.container.querySelector('details')!;

const perform = (h: Harness, event: SubscriptionEvent): void => {
  switch (event.type) {
    case 'OPEN':
    case 'CLOSE':
      // What a click on the summary does: the element opens or closes, then tells it.
      details(h).open = event.type === 'OPEN';
      fireEvent(details(h), new Event('toggle'));
      return;
    case 'COPY':
      fireEvent.click(screen.getByRole('button', { name: "Copier l'adresse" }));
      return;
    default:
      h.copies.at(-1)!.answer.next(event);
  }
};

const expectScreen = (h: Harness, expected: Snapshot): void => {
  expect(screen.getByText("S'abonner").tagName).toBe('SUMMARY');
  const open = expected.matches('open');
  expect(details(h).open).toBe(open);
  expect(screen.getByText(/Copiez cette adresse dans votre application de calendrier/)).toBeInTheDocument();
  expect(screen.getByText("L'abonnement suit les catégories et le titre choisis, pas le mois ni la période.")).toBeInTheDocument();
  if (!open) {
    // Closed (and without script): a link to the feed, its categories sorted and its title as searched.
    expect(screen.getByRole('link', { name: 'Adresse du calendrier à copier', hidden: true })).toHaveAttribute('href', '/flux/agenda/1/3.7~seance.ics');
    expect(screen.queryByRole('textbox', { hidden: true })).toBeNull();
    return;
  }
  expect(screen.getByRole('textbox', { name: 'Adresse du calendrier' })).toHaveValue(SUBSCRIPTION_ADDRESS);
  expect(screen.getByRole('link', { name: 'Ouvrir dans mon application de calendrier' })).toHaveAttribute(
    'href',
    'webcal://www.valmont.example/flux/agenda/1/3.7~seance.ics',
  );
  expect(screen.getByRole('button', { name: "Copier l'adresse" })).toHaveAttribute('aria-busy', String(expected.matches({ open: 'copying' })));
  const status = screen.getByRole('status');
  expect(status).toHaveTextContent(
    expected.matches({ open: 'copied' })
      ? 'Adresse copiée.'
      : expected.matches({ open: 'copyFailed' })
        ? "La copie n'a pas fonctionné : sélectionnez l'adresse et copiez-la (Ctrl+C ou ⌘+C)."
        : /^$/,
  );
  if (expected.matches({ open: 'copying' })) expect(h.copies.at(-1)!.text).toBe(SUBSCRIPTION_ADDRESS);
};

describeModelWalk('the agenda’s calendar subscription, walked through its statechart', {
  model: subscriptionModel,
  open: harness,
  close: (h) => {
    h.agenda.stop();
    h.subscription.stop();
  },
  perform,
  expectStep: (h, { after }) => expectScreen(h, after as Snapshot),
});

describe('the agenda’s calendar subscription, walked through its statechart', () => {
  it('tells the copy’s outcome only beside the address it copied: new filters, a new address to copy', () => {
    const h = harness();
    try {
      act(() => perform(h, { type: 'OPEN' }));
      act(() => perform(h, { type: 'COPY', text: SUBSCRIPTION_ADDRESS }));
      act(() => perform(h, { type: 'COPIED' }));
      expect(screen.getByRole('status')).toHaveTextContent('Adresse copiée.');
      act(() => h.agenda.send({ type: 'REMOVE_CATEGORY', id: '7' }));
      expect(screen.getByRole('textbox', { name: 'Adresse du calendrier' })).toHaveValue('https://www.valmont.example/flux/agenda/1/3~seance.ics');
      expect(screen.getByRole('status')).toHaveTextContent(/^$/);
    } finally {
      h.agenda.stop();
      h.subscription.stop();
      cleanup();
      document.body.replaceChildren();
    }
  });
});
