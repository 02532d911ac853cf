import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { NEVER } from 'rxjs';
import { createActor, fromEventObservable, type AnyActorRef, type AnyEventObject, type EventObject, type InspectionEvent } from 'xstate';
import { applyFormToggle } from '../../src/domain/form-toggles';
import { agendaMachine } from '../../src/machines/agenda-machine';
import type { DirectoryFilters } from '../../src/domain/directory';
import { directoryMachine } from '../../src/machines/directory-machine';
import type { ContactsEvent } from '../../src/services/contacts-service';
import { newsMachine } from '../../src/machines/news-machine';
import { AgendaFilterBar } from '../../src/views/agenda/agenda-filter-bar';
import { FilterBar } from '../../src/views/directory/filter-bar';
import { CategoryFilters } from '../../src/views/news/category-filters';
import { NewsView } from '../../src/views/news/news-view';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { AGENDA_CATEGORIES } from '../support/agenda-fixtures';
import { NEWS_CATEGORIES } from '../support/news-fixtures';

// Services that never answer: these tests look at the forms, and feed the category lists themselves.
const silent = <TEvent extends EventObject, TInput>() => fromEventObservable<TEvent, TInput>(() => NEVER);

/** The events that reach an actor from outside (the view, or the test), to compare with what the view should send. */
const recorder = () => {
  const sent: AnyEventObject[] = [];
  let root: AnyActorRef | null = null;
  const inspect = (inspection: InspectionEvent): void => {
    if (inspection.type === '@xstate.event' && inspection.actorRef === root && inspection.sourceRef === undefined) sent.push(inspection.event);
  };
  const start = <T extends AnyActorRef>(actor: T): { actor: T; sent: AnyEventObject[] } => {
    root = actor;
    actor.start();
    return { actor, sent };
  };
  return { inspect, start };
};

const directory = (filters: DirectoryFilters = { text: 'hel', category: 'Grand Conseil' }) => {
  const { inspect, start } = recorder();
  return start(
    createActor(directoryMachine.provide({ actors: { loadContacts: silent(), loadCategories: silent() } }), {
      input: { filters },
      inspect,
    }),
  );
};

const agenda = () => {
  const { inspect, start } = recorder();
  return start(
    createActor(agendaMachine.provide({ actors: { loadAgenda: silent(), loadCategories: silent() } }), {
      input: { agendaId: '1', filters: { categories: ['2'], month: 12, title: 'séance' } },
      inspect,
    }),
  );
};

const news = () => {
  const { inspect, start } = recorder();
  return start(
    createActor(newsMachine.provide({ actors: { loadNews: silent(), loadMore: silent(), loadCategories: silent() } }), { input: { selected: ['1', '3'] }, inspect }),
  );
};

/**
 * The page as the server sends it, read as a browser without script reads it: parsed apart (a
 * noscript's content is then markup, not text), then moved into this document for the queries and axe.
 */
const serverPage = (view: ReactElement): HTMLElement => {
  const parsed = new DOMParser().parseFromString(`<main>${renderToString(view)}</main>`, 'text/html');
  const page = document.adoptNode(parsed.querySelector('main')!);
  document.body.append(page);
  return page;
};

/** The address a browser without script asks for when the button submits its form. */
const submitted = (button: HTMLButtonElement): string => {
  const form = button.form!;
  const data = new URLSearchParams();
  for (const element of form.elements) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || element.name === '') continue;
    data.append(element.name, element.value);
  }
  if (button.name !== '') data.append(button.name, button.value);
  return `?${data.toString()}`;
};

/** The form's default button, the one Enter in a text box clicks: its first submit button. */
const defaultButton = (form: HTMLFormElement): HTMLButtonElement =>
  [...form.elements].find((element): element is HTMLButtonElement => element instanceof HTMLButtonElement && element.type === 'submit')!;

const mount = (view: ReactElement): HTMLElement => {
  const container = document.createElement('div');
  container.setAttribute('lang', 'fr');
  document.body.append(container);
  render(<WidgetRoot container={container}>{view}</WidgetRoot>, { container });
  return container;
};

const axeViolations = async (root: HTMLElement): Promise<string[]> => {
  // jsdom lays nothing out, so contrast is left to the browser tests.
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
};

// axe measures icon glyphs on a canvas, which jsdom has not: without one it reads them as text, which suits these checks.
beforeAll(() => {
  jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => null);
});

afterEach(() => {
  cleanup();
  document.body.replaceChildren();
});

describe('the directory filters', () => {
  it('are a GET form named as the address is read, with a submit button, so they filter without script', () => {
    const { actor } = directory();
    const page = serverPage(<FilterBar actor={actor} />);
    const form = page.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    const submit = within(page).getByRole<HTMLButtonElement>('button', { name: 'Rechercher' });
    expect(defaultButton(form)).toBe(submit);
    expect(new URLSearchParams(submitted(submit))).toEqual(new URLSearchParams({ categorie: 'Grand Conseil', q: 'hel' }));
    actor.stop();
  });

  it('carry the letter in force as a hidden field, on the server as in the browser, so a category submitted without script keeps it', () => {
    const { actor } = directory({ text: '', category: 'Grand Conseil', letter: 'B' });
    const page = serverPage(<FilterBar actor={actor} />);
    const hidden = (root: ParentNode): string[][] => [...root.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [input.name, input.value]);
    expect(hidden(page)).toEqual([['lettre', 'B']]);
    // In the order the address is written (filtersToSearch): the category, the letter, the name.
    expect(submitted(within(page).getByRole<HTMLButtonElement>('button', { name: 'Rechercher' }))).toBe('?categorie=Grand+Conseil&lettre=B&q=');
    // The browser's render is the server's, so hydration finds the same field.
    const root = mount(<FilterBar actor={actor} />);
    expect(hidden(root)).toEqual(hidden(page));
    // A letter left ("Tous", a new name) leaves the form without it.
    act(() => {
      actor.send({ type: 'LETTER_CHOSEN', letter: '' });
    });
    expect(hidden(root)).toEqual([]);
    actor.stop();
  });

  it("ask once on submit with script, not again for Enter's release, nor for a key that leaves the text, and never leave the page", async () => {
    const requests: string[] = [];
    const actor = createActor(
      directoryMachine.provide({
        actors: {
          loadContacts: fromEventObservable<ContactsEvent, DirectoryFilters>(({ input }) => {
            requests.push(input.text);
            return NEVER;
          }),
          loadCategories: silent(),
        },
      }),
      { input: { filters: { text: 'hel', category: 'Grand Conseil' } } },
    ).start();
    const root = mount(<FilterBar actor={actor} />);
    const box = screen.getByRole('searchbox', { name: 'Rechercher un nom' });
    expect(requests).toEqual(['hel']);
    // A text changed without a key (pasted with the mouse) waits for a key or the submission.
    act(() => {
      fireEvent.change(box, { target: { value: 'hélène' } });
    });
    expect(requests).toEqual(['hel']);
    const click = fireEvent.click(screen.getByRole('button', { name: 'Rechercher' }));
    expect(click).toBe(true);
    expect(requests).toEqual(['hel', 'hélène']);
    // Enter submits on key down, then releases: one request, not two.
    const form = box.closest('form')!;
    act(() => {
      expect(fireEvent.submit(form)).toBe(false);
      fireEvent.keyUp(box, { key: 'Enter' });
    });
    expect(requests).toEqual(['hel', 'hélène', 'hélène']);
    // Tab, an arrow or Shift leave the text as it is: nothing is asked.
    act(() => {
      for (const key of ['Tab', 'ArrowLeft', 'Shift', 'Enter']) fireEvent.keyUp(box, { key });
    });
    expect(requests).toEqual(['hel', 'hélène', 'hélène']);
    // A key that changed the text asks for it.
    act(() => {
      fireEvent.change(box, { target: { value: 'hélèn' } });
      fireEvent.keyUp(box, { key: 'Backspace' });
    });
    expect(requests).toEqual(['hel', 'hélène', 'hélène', 'hélèn']);
    expect(await axeViolations(root)).toEqual([]);
    actor.stop();
  });
});

describe('the agenda filters', () => {
  const withCategories = () => {
    const made = agenda();
    made.actor.send({ type: 'CATEGORIES_LOADED', categories: AGENDA_CATEGORIES });
    return made;
  };

  it('are one GET form: the selection as hidden inputs, each toggle a submit of basculer, the month applied by a noscript button', async () => {
    const { actor } = withCategories();
    const page = serverPage(<AgendaFilterBar actor={actor} />);
    const form = page.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect([...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [input.name, input.value])).toEqual([['categories', '2']]);
    // Enter in the title box clicks the default button: one without a name, never a category toggle.
    expect(defaultButton(form).name).toBe('');
    expect(defaultButton(form).hidden).toBe(true);

    const toggles = within(within(page).getByRole('group', { name: 'Catégories' }));
    const add = toggles.getByRole<HTMLButtonElement>('button', { name: 'Séance plénière', pressed: false });
    const remove = toggles.getByRole<HTMLButtonElement>('button', { name: 'Culture', pressed: true });
    const all = toggles.getByRole<HTMLButtonElement>('button', { name: 'Toutes les catégories' });
    expect(applyFormToggle(submitted(add), 'categories')).toBe('?categories=2&categories=1&mois=12&titre=s%C3%A9ance');
    expect(applyFormToggle(submitted(remove), 'categories')).toBe('?mois=12&titre=s%C3%A9ance');
    expect(applyFormToggle(submitted(all), 'categories')).toBe('?mois=12&titre=s%C3%A9ance');

    // Without script the month and the title apply with the whole form: no toggle, no redirect.
    const apply = within(page).getByRole<HTMLButtonElement>('button', { name: 'Appliquer' });
    expect(apply.closest('noscript')).not.toBeNull();
    const search = within(page).getByRole<HTMLButtonElement>('button', { name: 'Rechercher' });
    for (const button of [apply, search, defaultButton(form)]) {
      expect(applyFormToggle(submitted(button), 'categories')).toBeNull();
      expect(new URLSearchParams(submitted(button)).toString()).toBe('categories=2&mois=12&titre=s%C3%A9ance');
    }
    expect(await axeViolations(page)).toEqual([]);
    actor.stop();
  });

  it('with script, toggles send ADD and REMOVE, the submit sends SEARCH, and nothing leaves the page', async () => {
    const { actor, sent } = withCategories();
    const root = mount(<AgendaFilterBar actor={actor} />);
    sent.length = 0;
    // The month applies as it changes: its noscript button is left out in the browser.
    expect(screen.queryByRole('button', { name: 'Appliquer' })).toBeNull();
    const toggles = within(screen.getByRole('group', { name: 'Catégories' }));
    expect(fireEvent.click(toggles.getByRole('button', { name: 'Séance plénière' }))).toBe(false);
    expect(fireEvent.click(toggles.getByRole('button', { name: 'Culture' }))).toBe(false);
    expect(fireEvent.click(toggles.getByRole('button', { name: 'Toutes les catégories' }))).toBe(false);
    expect(fireEvent.submit(screen.getByRole('search'))).toBe(false);
    expect(sent).toEqual([{ type: 'ADD_CATEGORY', id: '1' }, { type: 'REMOVE_CATEGORY', id: '2' }, { type: 'SET_CATEGORIES', categories: [] }, { type: 'SEARCH' }]);
    expect(await axeViolations(root)).toEqual([]);
    actor.stop();
  });
});

describe('the news category filters', () => {
  const withCategories = () => {
    const made = news();
    made.actor.send({ type: 'CATEGORIES_LOADED', categories: NEWS_CATEGORIES });
    return made;
  };

  it('are a GET form: the selection as hidden inputs, toggles, removes and "Tout afficher" submits of basculer', async () => {
    const { actor } = withCategories();
    const page = serverPage(<CategoryFilters actor={actor} />);
    const form = page.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('get');
    expect([...form.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [input.name, input.value])).toEqual([
      ['categorie', '1'],
      ['categorie', '3'],
    ]);
    const options = within(within(page).getByRole('group', { name: 'Filtrer par catégorie' }));
    const answer = (button: HTMLElement): string | null => applyFormToggle(submitted(button as HTMLButtonElement), 'categorie');
    expect(answer(options.getByRole('button', { name: 'Économie', pressed: false }))).toBe('?categorie=1&categorie=3&categorie=2');
    expect(answer(options.getByRole('button', { name: 'Politique', pressed: true }))).toBe('?categorie=3');
    expect(answer(options.getByRole('button', { name: 'Tout afficher' }))).toBe('');
    expect(answer(within(page).getByRole('button', { name: 'Retirer le filtre Santé' }))).toBe('?categorie=1');
    expect(await axeViolations(page)).toEqual([]);
    actor.stop();
  });

  it('with script, every button sends its event at once and nothing leaves the page', async () => {
    const { actor, sent } = withCategories();
    const root = mount(<CategoryFilters actor={actor} />);
    sent.length = 0;
    const options = within(screen.getByRole('group', { name: 'Filtrer par catégorie' }));
    expect(fireEvent.click(options.getByRole('button', { name: 'Économie' }))).toBe(false);
    expect(fireEvent.click(screen.getByRole('button', { name: 'Retirer le filtre Santé' }))).toBe(false);
    expect(fireEvent.click(options.getByRole('button', { name: 'Tout afficher' }))).toBe(false);
    expect(sent).toEqual([
      { type: 'ADD_CATEGORY', id: '2' },
      { type: 'REMOVE_CATEGORY', id: '3' },
      { type: 'REPLACE_CATEGORIES', ids: [] },
    ]);
    expect(await axeViolations(root)).toEqual([]);
    actor.stop();
  });

  it('offer to show all news when the chosen ones have none, with a button that works without script too', () => {
    const { actor, sent } = withCategories();
    actor.send({ type: 'NEWS_LOADED', items: [], next: null, total: 0 });
    const page = serverPage(<NewsView actor={actor} />);
    const reset = within(page).getByRole<HTMLButtonElement>('button', { name: 'Afficher toutes les actualités' });
    expect(reset.form?.getAttribute('method')).toBe('get');
    expect(applyFormToggle(submitted(reset), 'categorie')).toBe('');
    page.remove();

    mount(<NewsView actor={actor} />);
    sent.length = 0;
    expect(fireEvent.click(screen.getByRole('button', { name: 'Afficher toutes les actualités' }))).toBe(false);
    expect(sent).toEqual([{ type: 'REPLACE_CATEGORIES', ids: [] }]);
    actor.stop();
  });
});
