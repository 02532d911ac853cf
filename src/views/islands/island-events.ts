/**
 * What a visitor did inside an island before its code ran, kept in order to be replayed into
 * the woken widget through its own handlers: so the machine receives the same events it would
 * have received awake, and the journal shows them like any other.
 */
export type IslandEvent = (
  | { readonly kind: 'click'; readonly target: HTMLElement }
  | { readonly kind: 'input'; readonly target: HTMLInputElement | HTMLTextAreaElement; readonly value: string }
  | { readonly kind: 'change'; readonly target: HTMLSelectElement; readonly value: string }
  | { readonly kind: 'key'; readonly target: HTMLElement; readonly key: string }
  | { readonly kind: 'keyup'; readonly target: HTMLInputElement | HTMLTextAreaElement; readonly key: string; readonly value: string }
) & {
  /** Where the target is in the server's markup (child indices from the container): a widget that fails puts a copy of that markup back. */
  readonly path: readonly number[];
};

/**
 * The events of a page that say a visitor is about to use an island: any of them wakes it. A
 * field's `input` or `change` without focus first is the browser's autofill or an assistive tool.
 */
export const INTENT_EVENTS = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'change'] as const;

// Controls whose click does nothing useful in HTML alone, or whose HTML action (a form's
// submission by its button, a link the widget follows in place) the woken widget does in place:
// held, then replayed. A link marked `data-in-place` loads the server's page without script and
// changes the list in place once awake: held too, so that the first click does what every later one does.
const HELD_CLICK = 'button,[role=button],input[type=checkbox],input[type=radio],input[type=submit],input[type=button],summary,a[href][data-in-place]';

// A click for a new tab or window, a download or another button keeps the browser's meaning.
const isBrowserClick = (event: MouseEvent): boolean => event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

// Keys that change a widget without typing a character (a dialog's Escape, a list's arrows).
const REPLAYED_KEYS = new Set(['Escape', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

const isTextField = (element: Element): element is HTMLInputElement | HTMLTextAreaElement =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !['checkbox', 'radio', 'submit', 'button', 'reset', 'file', 'image'].includes(element.type));

const isField = (element: Element): boolean => isTextField(element) || element instanceof HTMLSelectElement;

const pathOf = (container: Element, element: Element): number[] => {
  const path: number[] = [];
  for (let node: Element = element; node !== container && node.parentElement !== null; node = node.parentElement)
    path.unshift([...node.parentElement.children].indexOf(node));
  return path;
};

/** The element at a path in the container's markup, or `null` where it holds none. */
export const elementAt = (container: Element, path: readonly number[]): Element | null =>
  path.reduce<Element | null>((node, index) => node?.children.item(index) ?? null, container);

/** The record of an island's first events, until `stop`. */
export interface IslandRecorder {
  /** The events so far, oldest first; the list grows while the recorder listens. */
  readonly events: () => readonly IslandEvent[];
  /** Runs `dispatch` (a replayed event) without recording what it fires. */
  readonly letThrough: (dispatch: () => void) => void;
  /** Where focus last was inside the island (child indices from the container), or `null`. */
  readonly focusPath: () => readonly number[] | null;
  /** Stops listening; the events kept stay readable. */
  readonly stop: () => void;
}

// While the widget hydrates, React listens on the same container: a recorded event is kept from
// it, so that it reaches the machine once, by the replay, and not also half-hydrated.
const hold = (event: Event): void => event.stopImmediatePropagation();

/**
 * Listens to a sleeping island (capture phase, before anything of the page): clicks on its
 * buttons are held (their default action would submit a form the woken widget handles in
 * place), typed text and choices are noted as the browser performs them (with each key's
 * release in a field), and a few keys that act without typing are noted. Links and forms submitted with Enter are left to the browser, which goes to the
 * server as without script.
 */
export const recordIslandEvents = (container: HTMLElement): IslandRecorder => {
  const events: IslandEvent[] = [];
  let passing = false;
  const onClick = (event: Event): void => {
    if (passing) return;
    const origin = event.target instanceof Element ? event.target : null;
    const control = origin?.closest<HTMLElement>(HELD_CLICK);
    if (!control || !container.contains(control) || control.matches(':disabled')) return;
    if (control instanceof HTMLAnchorElement && event instanceof MouseEvent && isBrowserClick(event)) return;
    event.preventDefault();
    hold(event);
    events.push({ ...{ kind: 'click', target: control }, path: pathOf(container, control) });
  };
  const onInput = (event: Event): void => {
    if (passing) return;
    const target = event.target;
    if (!(target instanceof Element) || !isTextField(target)) return;
    hold(event);
    events.push({ ...{ kind: 'input', target, value: target.value }, path: pathOf(container, target) });
  };
  const onChange = (event: Event): void => {
    if (passing) return;
    const target = event.target;
    if (!(target instanceof HTMLSelectElement)) return;
    hold(event);
    events.push({ ...{ kind: 'change', target, value: target.value }, path: pathOf(container, target) });
  };
  const onKey = (event: Event): void => {
    if (passing) return;
    const { target, key } = event as KeyboardEvent;
    if (!(target instanceof HTMLElement) || !REPLAYED_KEYS.has(key)) return;
    // In a field the arrows move the caret or the choice: what the field then holds is replayed instead.
    if (key !== 'Escape' && isField(target)) return;
    hold(event);
    events.push({ ...{ kind: 'key', target, key }, path: pathOf(container, target) });
  };
  // A search box may act on the key's release (the directory's does): each release in a field is kept too.
  const onKeyUp = (event: Event): void => {
    if (passing) return;
    const { target, key } = event as KeyboardEvent;
    if (!(target instanceof Element) || !isTextField(target)) return;
    hold(event);
    events.push({ ...{ kind: 'keyup', target, key, value: target.value }, path: pathOf(container, target) });
  };
  let focused: readonly number[] | null = null;
  const onFocus = (event: Event): void => {
    if (event.target instanceof Element && container.contains(event.target)) focused = pathOf(container, event.target);
  };
  const listeners: [string, (event: Event) => void][] = [
    ['focusin', onFocus],
    ['click', onClick],
    ['input', onInput],
    ['change', onChange],
    ['keydown', onKey],
    ['keyup', onKeyUp],
  ];
  for (const [type, listener] of listeners) container.addEventListener(type, listener, true);
  return {
    events: () => events,
    focusPath: () => focused,
    letThrough: (dispatch) => {
      passing = true;
      try {
        dispatch();
      } finally {
        passing = false;
      }
    },
    stop: () => {
      for (const [type, listener] of listeners) container.removeEventListener(type, listener, true);
    },
  };
};

// The value setters of the prototypes: React watches a field's own `value` property, so a value
// set past it, then announced by an event, reads to React as the visitor's own change.
const setValueOf = (field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string): void => {
  Reflect.set(Object.getPrototypeOf(field) as object, 'value', value, field);
};

interface Selection {
  readonly start: number | null;
  readonly end: number | null;
  readonly direction: 'forward' | 'backward' | 'none' | null;
}

// Fields of some types (email, number) have no selection: reading it throws.
const selectionOf = (field: HTMLInputElement | HTMLTextAreaElement): Selection | null => {
  try {
    return { start: field.selectionStart, end: field.selectionEnd, direction: field.selectionDirection };
  } catch {
    return null;
  }
};

const restoreSelection = (field: HTMLInputElement | HTMLTextAreaElement, selection: Selection): void => {
  if (selection.start === null || selection.end === null) return;
  try {
    field.setSelectionRange(selection.start, selection.end, selection.direction ?? undefined);
  } catch {
    // A field without a selection keeps its caret where the browser put it.
  }
};

// The longest a replayed act waits for the one before it to settle: an answer that never comes must not hold the rest.
const SETTLE_LIMIT_MS = 5000;
const SETTLE_POLL_MS = 30;

// A replayed act meets the screen the act before it made, as the visitor's did: its render is done
// (React commits a discrete update at the latest in a microtask) and what it asked for has answered
// (nothing in the widget says `aria-busy`), so "Afficher plus" pressed twice loads two pages.
const settled = (container: Element): Promise<void> =>
  new Promise((resolve) => {
    const started = Date.now();
    const check = (): void => {
      if (container.querySelector('[aria-busy="true"]') === null || Date.now() - started > SETTLE_LIMIT_MS) resolve();
      else setTimeout(check, SETTLE_POLL_MS);
    };
    setTimeout(check, 0);
  });

const replayOne = (event: IslandEvent, told: Set<HTMLInputElement | HTMLTextAreaElement>): void => {
  switch (event.kind) {
    case 'click':
      event.target.click();
      break;
    case 'input':
    case 'keyup': {
      const field = event.target;
      if (!told.has(field)) {
        // The widget's state holds the value the server wrote: React is told of that one first, so the typed one reads as a change.
        told.add(field);
        field.value = field.defaultValue;
      }
      // The field holds what it held then, so a handler reads the value of that moment, not the text typed later.
      setValueOf(field, event.value);
      if (event.kind === 'input') field.dispatchEvent(new Event('input', { bubbles: true }));
      else field.dispatchEvent(new KeyboardEvent('keyup', { key: event.key, bubbles: true, cancelable: true }));
      break;
    }
    case 'change':
      setValueOf(event.target, event.value);
      event.target.dispatchEvent(new Event('change', { bubbles: true }));
      break;
    case 'key':
      event.target.dispatchEvent(new KeyboardEvent('keydown', { key: event.key, bubbles: true, cancelable: true }));
      break;
  }
};

const isTextEvent = (event: IslandEvent): event is Extract<IslandEvent, { kind: 'input' | 'keyup' }> => event.kind === 'input' || event.kind === 'keyup';

/** Puts a field's waiting text back on screen (past React's record of it), the caret where the visitor left it. */
const showTyped = (field: HTMLInputElement | HTMLTextAreaElement, typed: string | null, selection = selectionOf(field)): void => {
  if (typed === null || field.value === typed) return;
  setValueOf(field, typed);
  if (selection !== null && document.activeElement === field) restoreSelection(field, selection);
};

/**
 * Keeps the text a visitor typed on screen until the replay has given it to the widget. React writes
 * a field it controls with the machine's text at each render, and the replay renders before it
 * reaches the typing (a category chosen first): the text would vanish, and the next key edit an
 * older one. React's wrapper of each field's `value` is wrapped again: React's write still reaches
 * its record (so the replayed text reads to it as a change), then the field shows the typed text
 * again. Returns the undoing.
 */
const keepTypedText = (fields: readonly (HTMLInputElement | HTMLTextAreaElement)[], waiting: (field: Element) => string | null): (() => void) => {
  const undo = fields.map((field) => {
    const own = Object.getOwnPropertyDescriptor(field, 'value');
    if (!own) return () => undefined;
    Object.defineProperty(field, 'value', {
      configurable: true,
      get: () => own.get?.call(field) as unknown,
      set: (value: unknown) => {
        const selection = selectionOf(field);
        own.set?.call(field, value);
        showTyped(field, waiting(field), selection);
      },
    });
    return () => Object.defineProperty(field, 'value', own);
  });
  return () => undo.forEach((each) => each());
};

/**
 * Sends the recorded events into the woken widget through its DOM, in order, each act once the
 * one before has settled: a held click is clicked again, a typed value is typed
 * again from the value the server wrote (the caret and the selection are put back where the visitor
 * left them), a choice is chosen again. The recorder goes on holding what the visitor does meanwhile,
 * so it comes after, in order; it stops once the record is played out.
 */
export const replayIslandEvents = async (container: Element, recorder: IslandRecorder): Promise<void> => {
  const events = recorder.events();
  const told = new Set<HTMLInputElement | HTMLTextAreaElement>();
  // The record's place the replay has reached: what the visitor typed from there on is theirs, not yet the widget's.
  let reached = 0;
  const waiting = (field: Element, from = reached): string | null => {
    for (let index = events.length - 1; index >= from; index -= 1) {
      const event = events[index]!;
      if (isTextEvent(event) && event.target === field) return event.value;
    }
    return null;
  };
  const fields = [...container.querySelectorAll('input,textarea')].filter(isTextField);
  const release = keepTypedText(fields, waiting);
  // Where the visitor's caret is, read before a run of typed values is replayed and put back after it.
  let caret: { readonly field: HTMLInputElement | HTMLTextAreaElement; readonly selection: Selection | null } | null = null;
  try {
    for (; reached < events.length; reached += 1) {
      const index = reached;
      const event = events[index]!;
      if (!event.target.isConnected) continue;
      const focused = document.activeElement;
      if (caret === null && (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement))
        caret = { field: focused, selection: selectionOf(focused) };
      recorder.letThrough(() => replayOne(event, told));
      const next = events[index + 1];
      // An act that is not typing ends a run too: the visitor may type while it settles, so the caret is read again after it.
      const runEnds = !isTextEvent(event) || next === undefined || !isTextEvent(next);
      // The run gave the widget a value of that moment; what the visitor typed after it is shown again until its turn.
      if (runEnds && isTextEvent(event)) showTyped(event.target, waiting(event.target, index + 1));
      // Setting a value moves the caret to its end: once the run is typed again, it goes back where the visitor left it.
      if (runEnds && caret !== null) {
        if (caret.selection !== null && document.activeElement === caret.field) restoreSelection(caret.field, caret.selection);
        caret = null;
      }
      // Typed text is replayed in one go, as the browser typed it: a pause there would let the visitor's next key land in an older value.
      if (!isTextEvent(event) && index < events.length - 1) await settled(container);
    }
  } finally {
    recorder.stop();
    release();
  }
};
