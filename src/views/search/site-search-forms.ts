import type { WidgetTools } from '../widget';

// The suggestions (React, the machine, RxJS) load the first time a search box is used, not with the page.
const enhanced = new WeakSet<HTMLFormElement>();

const enhance = (form: HTMLFormElement, tools: () => Promise<WidgetTools>): void => {
  const input = form.querySelector<HTMLInputElement>('input[name="q"]');
  if (enhanced.has(form) || input === null) return;
  enhanced.add(form);
  Promise.all([import('./suggestions-mount'), tools()])
    .then(([module, made]) => module.attachSuggestions(form, input, made))
    // Without its suggestions the form still goes to the search page; the cause goes to the console.
    .catch((error: unknown) => console.error(error));
};

const formOf = (target: EventTarget | null): HTMLFormElement | null =>
  target instanceof Element ? target.closest<HTMLFormElement>('form[data-site-search]') : null;

/**
 * Gives every search form of the page (`form[data-site-search]`: the header's, the home page's, one
 * a widget renders later) its suggestions, loaded on the first focus or input in it.
 */
export const enhanceSearchForms = (doc: Document, tools: () => Promise<WidgetTools>): void => {
  const onEvent = (event: Event): void => {
    const form = formOf(event.target);
    if (form !== null) enhance(form, tools);
  };
  doc.addEventListener('focusin', onEvent);
  doc.addEventListener('input', onEvent);
  const focused = formOf(doc.activeElement);
  if (focused !== null) enhance(focused, tools);
};
