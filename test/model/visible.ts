/**
 * One thing a visitor sees on the page in a state, by role and accessible name as a person
 * reads it. The model tests assert these on the rendered view, and the covering suite writes
 * them out as each step's expected result, so the document and the tests cannot disagree.
 */
export type Seen =
  /** The cards (articles) listed, by their titles in order. */
  | { readonly kind: 'cards'; readonly titles: readonly string[]; readonly noun: readonly [one: string, many: string] }
  /** The polite status line holds this text. */
  | { readonly kind: 'status'; readonly text: string }
  /** An alert with this message, and the button it offers, if any. */
  | { readonly kind: 'alert'; readonly message: string; readonly button?: string }
  /** No alert at all. */
  | { readonly kind: 'no-alert' }
  /** A button by its name, offered or not. */
  | { readonly kind: 'button'; readonly name: string; readonly shown: boolean }
  /** A form field by its label, holding a value. */
  | { readonly kind: 'field'; readonly role: 'searchbox' | 'combobox' | 'textbox'; readonly name: string; readonly value: string }
  /** A dialog open, by its name, or none. */
  | { readonly kind: 'dialog'; readonly name: string | null }
  /** A text somewhere on the page, shown or not. */
  | { readonly kind: 'text'; readonly text: string; readonly shown: boolean }
  /** A link by its name, offered or not. */
  | { readonly kind: 'link'; readonly name: string; readonly shown: boolean };

const quote = (text: string): string => `« ${text} »`;

/** What a tester checks after a step, in French, as the covering suite writes it. */
export const describeSeen = (seen: Seen): string => {
  switch (seen.kind) {
    case 'cards': {
      const [one, many] = seen.noun;
      if (seen.titles.length === 0) return `aucune ${one}`;
      if (seen.titles.length === 1) return `1 ${one}, ${quote(seen.titles[0]!)}`;
      return `${seen.titles.length} ${many}, la première ${quote(seen.titles[0]!)}`;
    }
    case 'status':
      return `le message ${quote(seen.text)}`;
    case 'alert':
      return seen.button ? `l’alerte ${quote(seen.message)} et le bouton ${quote(seen.button)}` : `l’alerte ${quote(seen.message)}`;
    case 'no-alert':
      return 'aucune alerte';
    case 'button':
      return seen.shown ? `le bouton ${quote(seen.name)}` : `pas de bouton ${quote(seen.name)}`;
    case 'field':
      return seen.value === '' ? `${quote(seen.name)} vide` : `${quote(seen.name)} contient ${quote(seen.value)}`;
    case 'dialog':
      return seen.name === null ? 'aucune fenêtre de détails' : `la fenêtre ${quote(seen.name)} ouverte`;
    case 'text':
      return seen.shown ? `le texte ${quote(seen.text)}` : `pas de texte ${quote(seen.text)}`;
    case 'link':
      return seen.shown ? `le lien ${quote(seen.name)}` : `pas de lien ${quote(seen.name)}`;
  }
};

/** The things seen after a step, joined as one expected result. */
export const describeAllSeen = (seen: readonly Seen[]): string => seen.map(describeSeen).join(' ; ');
