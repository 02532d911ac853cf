import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { map, timer } from 'rxjs';
import { createActor, fromEventObservable } from 'xstate';
import type { DirectoryFilters } from '../../src/domain/directory';
import { directoryMachine } from '../../src/machines/directory-machine';
import type { CategoriesEvent, ContactsEvent } from '../../src/services/contacts-service';
import { DirectoryView } from '../../src/views/directory/directory-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { runs } from '../support/fuzz-runs';

const CATEGORIES = ['Grand Conseil', 'Communes'];

// The fake server names its one contact after the filters it answered, so the grid tells which answer it shows.
const answerFor = (filters: DirectoryFilters): string => `answer:${filters.category}|${filters.text}`;

type Command = { kind: 'type'; text: string } | { kind: 'select'; category: string } | { kind: 'clear' } | { kind: 'wait'; ms: number };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.stringMatching(/^[a-z]{0,4}$/).map((text): Command => ({ kind: 'type', text })),
  fc.constantFrom('', ...CATEGORIES).map((category): Command => ({ kind: 'select', category })),
  fc.constant<Command>({ kind: 'clear' }),
  fc.integer({ min: 0, max: 300 }).map((ms): Command => ({ kind: 'wait', ms })),
);

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('the directory grid under any interleaving of visitor actions and answer delays', () => {
  it('only ever shows the answer to the latest filters, and loads the categories once', () => {
    fc.assert(
      fc.property(fc.array(command, { maxLength: 12 }), fc.infiniteStream(fc.integer({ min: 0, max: 500 })), (commands, delays) => {
        const delay = delays[Symbol.iterator]();
        let categoryCalls = 0;
        const machine = directoryMachine.provide({
          actors: {
            // Each answer arrives after its own delay, so later requests may answer first.
            loadContacts: fromEventObservable<ContactsEvent, DirectoryFilters>(({ input }) =>
              timer(delay.next().value as number).pipe(map((): ContactsEvent => ({ type: 'CONTACTS_LOADED', contacts: [{ title: answerFor(input) }] }))),
            ),
            loadCategories: fromEventObservable<CategoriesEvent, void>(() =>
              timer((categoryCalls += 1) && 0).pipe(map((): CategoriesEvent => ({ type: 'CATEGORIES_LOADED', categories: CATEGORIES }))),
            ),
          },
        });
        const actor = createActor(machine, { input: {} });
        const container = document.createElement('div');
        document.body.append(container);
        actor.start();
        render(
          <WidgetRoot container={container}>
            <DirectoryView actor={actor} />
          </WidgetRoot>,
          { container },
        );
        act(() => jest.advanceTimersByTime(1));
        const expected = { text: '', category: '' };
        const box = screen.getByRole('searchbox');

        for (const step of commands) {
          act(() => {
            switch (step.kind) {
              case 'type':
                fireEvent.change(box, { target: { value: step.text } });
                fireEvent.keyUp(box, { key: 'a' });
                expected.text = step.text;
                return;
              case 'select':
                fireEvent.change(screen.getByRole('combobox'), { target: { value: step.category } });
                expected.category = step.category;
                return;
              case 'clear': {
                const clear = screen.queryByRole('button', { name: 'Effacer la recherche' });
                if (clear) fireEvent.click(clear);
                expected.text = '';
                return;
              }
              case 'wait':
                jest.advanceTimersByTime(step.ms);
                return;
            }
          });
          // Whenever the grid is settled, it shows the answer to the filters on screen.
          const results = screen.getByRole('region', { name: 'Contacts' });
          if (results.getAttribute('aria-busy') === 'false') {
            expect(
              within(results)
                .getAllByRole('heading', { level: 3 })
                .map((h) => h.textContent),
            ).toEqual([answerFor(expected)]);
          }
        }
        act(() => jest.advanceTimersByTime(1_000));
        const results = screen.getByRole('region', { name: 'Contacts' });
        expect(results).toHaveAttribute('aria-busy', 'false');
        expect(
          within(results)
            .getAllByRole('heading', { level: 3 })
            .map((h) => h.textContent),
        ).toEqual([answerFor(expected)]);
        // Searching never asks for the category list again.
        expect(categoryCalls).toBe(1);
        actor.stop();
        cleanup();
      }),
      { numRuns: runs(60, { fuzzCap: 100 }) },
    );
  });
});
