import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import fc from 'fast-check';
import { map, timer } from 'rxjs';
import { createActor, fromEventObservable } from 'xstate';
import type { NewsItem } from '../../src/domain/news';
import type { CategorySelection } from '../../src/domain/news-list';
import { newsMachine } from '../../src/machines/news-machine';
import type { MoreNewsEvent, NewsCategoriesEvent, NewsEvent } from '../../src/services/news-service';
import { NewsView } from '../../src/views/news/news-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { NEWS_CATEGORIES } from '../support/news-fixtures';
import { runs } from '../support/fuzz-runs';

// The fake server names its first item after the selection it answered, so the list tells which answer it shows.
const answerFor = (selection: readonly string[]): string => `answer:${selection.join(',')}`;

type Command = { kind: 'toggle'; id: string } | { kind: 'remove'; id: string } | { kind: 'reset' } | { kind: 'more' } | { kind: 'wait'; ms: number };

const categoryId = fc.constantFrom(...NEWS_CATEGORIES.map((category) => category.id));
const command: fc.Arbitrary<Command> = fc.oneof(
  { arbitrary: categoryId.map((id): Command => ({ kind: 'toggle', id })), weight: 3 },
  { arbitrary: categoryId.map((id): Command => ({ kind: 'remove', id })), weight: 1 },
  { arbitrary: fc.constant<Command>({ kind: 'reset' }), weight: 1 },
  // Further pages come only once an answer is there: ask often, and wait often.
  { arbitrary: fc.constant<Command>({ kind: 'more' }), weight: 3 },
  { arbitrary: fc.integer({ min: 0, max: 600 }).map((ms): Command => ({ kind: 'wait', ms })), weight: 4 },
);

/** A further page: a few ids out of a small pool, repetitions included. */
const page = fc.array(fc.constantFrom('p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'answer'), { maxLength: 5 });

const item = (id: string, title = `Article ${id}`): NewsItem => ({ id, title, link: `https://www.canton.example/${id}/`, date: '2026-06-01' });

const titleOf = (id: string): string => NEWS_CATEGORIES.find((category) => category.id === id)!.title;

beforeEach(() => jest.useFakeTimers());
afterEach(() => {
  cleanup();
  jest.useRealTimers();
});

describe('the news list under any interleaving of visitor actions and answer delays', () => {
  it('keeps the selection a set, asks for exactly it, shows only the latest answer and never lists an item twice', () => {
    fc.assert(
      fc.property(
        // A selection from the address at start, so further pages are there from the first answer.
        fc.subarray(NEWS_CATEGORIES.map((category) => category.id)),
        fc.array(command, { maxLength: 20 }),
        fc.infiniteStream(fc.integer({ min: 0, max: 500 })),
        fc.infiniteStream(page),
        (initial, commands, delays, pages) => {
          const delay = delays[Symbol.iterator]();
          const nextPage = pages[Symbol.iterator]();
          const requests: CategorySelection[] = [];
          const machine = newsMachine.provide({
            actors: {
              // Each answer arrives after its own delay, so later requests may answer first.
              loadNews: fromEventObservable<NewsEvent, CategorySelection>(({ input }) => {
                requests.push(input);
                return timer(delay.next().value as number).pipe(
                  map((): NewsEvent => ({
                    type: 'NEWS_LOADED',
                    items: [item('answer', answerFor(input))],
                    next: input.length === 0 ? null : '/api/news/?page=2',
                    total: 20,
                  })),
                );
              }),
              loadMore: fromEventObservable<MoreNewsEvent, string>(() =>
                timer(delay.next().value as number).pipe(
                  map((): MoreNewsEvent => ({
                    type: 'MORE_NEWS_LOADED',
                    items: (nextPage.next().value as string[]).map((id) => item(id)),
                    next: '/api/news/?page=3',
                  })),
                ),
              ),
              loadCategories: fromEventObservable<NewsCategoriesEvent, void>(() =>
                timer(0).pipe(map((): NewsCategoriesEvent => ({ type: 'CATEGORIES_LOADED', categories: NEWS_CATEGORIES }))),
              ),
            },
          });
          const actor = createActor(machine, { input: { selected: initial } });
          const container = document.createElement('div');
          document.body.append(container);
          actor.start();
          render(
            <WidgetRoot container={container}>
              <NewsView actor={actor} />
            </WidgetRoot>,
            { container },
          );
          try {
            act(() => jest.advanceTimersByTime(1));
            // The reference: a JavaScript Set, whose order is the order of insertion.
            let expected = new Set<string>(initial);
            const results = () => screen.getByRole('region', { name: 'Liste des actualités' });
            const filters = () => screen.getByRole('group', { name: 'Filtrer par catégorie' });

            for (const step of commands) {
              act(() => {
                switch (step.kind) {
                  case 'toggle': {
                    const toggle = within(filters()).getByRole('button', { name: titleOf(step.id) });
                    const pressed = toggle.getAttribute('aria-pressed') === 'true';
                    fireEvent.click(toggle);
                    expected = new Set(expected);
                    if (pressed) expected.delete(step.id);
                    else expected.add(step.id);
                    return;
                  }
                  case 'remove': {
                    const remove = screen.queryByRole('button', { name: `Retirer le filtre ${titleOf(step.id)}` });
                    expect(remove !== null).toBe(expected.has(step.id));
                    if (remove) fireEvent.click(remove);
                    expected = new Set(expected);
                    expected.delete(step.id);
                    return;
                  }
                  case 'reset':
                    fireEvent.click(screen.getByRole('button', { name: 'Tout afficher' }));
                    expected = new Set();
                    return;
                  case 'more': {
                    const more = screen.queryByRole('link', { name: 'Afficher plus' });
                    if (more) fireEvent.click(more);
                    return;
                  }
                  case 'wait':
                    jest.advanceTimersByTime(step.ms);
                    return;
                }
              });
              // The selection behaves as a set, and the toggles and the address show it.
              expect(actor.getSnapshot().context.selected).toEqual([...expected]);
              for (const category of NEWS_CATEGORIES) {
                expect(within(filters()).getByRole('button', { name: category.title })).toHaveAttribute('aria-pressed', String(expected.has(category.id)));
              }
              // The latest request asks for exactly the selection (the plain fetch when it is empty).
              expect(requests.at(-1)).toEqual([...expected]);
              const articles = within(results()).queryAllByRole('article');
              expect(new Set(articles.map((article) => article.getAttribute('data-news-id'))).size).toBe(articles.length);
              // Whenever the list is settled, it shows the answer to the selection on screen.
              if (results().getAttribute('aria-busy') === 'false') {
                expect(within(articles[0]!).getByRole('heading').textContent).toBe(answerFor([...expected]));
              }
            }
            act(() => jest.advanceTimersByTime(1_000));
            expect(results()).toHaveAttribute('aria-busy', 'false');
            expect(within(within(results()).getAllByRole('article')[0]!).getByRole('heading').textContent).toBe(answerFor([...expected]));
          } finally {
            // A failed run must not leave answers pending for the next one.
            actor.stop();
            cleanup();
          }
        },
      ),
      { numRuns: runs(50, { fuzzCap: 100 }) },
    );
  });
});
