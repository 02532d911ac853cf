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
  | { readonly kind: 'link'; readonly name: string; readonly shown: boolean }
  /** A table's rows, by their row headers in order (none when the table is absent); the noun is feminine, as the cards'. */
  | { readonly kind: 'rows'; readonly table: string; readonly titles: readonly string[]; readonly noun: readonly [one: string, many: string] }
  /** What a row (by its row header) says in a column (by its column header), whitespace folded. */
  | { readonly kind: 'cell'; readonly row: string; readonly column: string; readonly text: string }
  /** A number box (spinbutton) by its label, holding a quantity. */
  | { readonly kind: 'quantity'; readonly name: string; readonly value: number }
  /** A drop-down list by its label, on the option of this text (what the visitor reads, not the option's value). */
  | { readonly kind: 'choice'; readonly name: string; readonly option: string }
  /** A term of a description list with its value, whitespace folded, or the term absent (null). */
  | { readonly kind: 'term'; readonly term: string; readonly value: string | null }
  /** A disclosure (details and its summary) by its summary, open or closed. */
  | { readonly kind: 'disclosure'; readonly name: string; readonly open: boolean }
  /** A listbox's options, by the title each holds beside its details, and the highlighted one's index; feminine noun. */
  | {
      readonly kind: 'options';
      readonly listbox: string;
      readonly titles: readonly string[];
      readonly highlighted: number | null;
      readonly noun: readonly [one: string, many: string];
    }
  /** Which buttons of a group (toggles with aria-pressed) are pressed, by name; none when empty. */
  | { readonly kind: 'pressed'; readonly group: string; readonly names: readonly string[] }
  /** The items of the lists in a region (a section named by its heading), by their headings in order. */
  | { readonly kind: 'region-items'; readonly region: string; readonly titles: readonly string[] }
  /** A text inside a region (a section named by its heading), shown or not: the same words may stand in two regions. */
  | { readonly kind: 'region-text'; readonly region: string; readonly text: string; readonly shown: boolean };

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
    case 'rows': {
      const [one, many] = seen.noun;
      if (seen.titles.length === 0) return `aucune ${one}`;
      return `${seen.titles.length === 1 ? `1 ${one}` : `${seen.titles.length} ${many}`} : ${seen.titles.map(quote).join(', ')}`;
    }
    case 'cell':
      return `${quote(seen.column)} de ${quote(seen.row)} : ${quote(seen.text)}`;
    case 'quantity':
      return `${quote(seen.name)} à ${seen.value}`;
    case 'choice':
      return `${quote(seen.name)} sur ${quote(seen.option)}`;
    case 'term':
      return seen.value === null ? `pas de ${quote(seen.term)}` : `${quote(seen.term)} : ${quote(seen.value)}`;
    case 'disclosure':
      return `${quote(seen.name)} ${seen.open ? 'déplié' : 'replié'}`;
    case 'options': {
      const [one, many] = seen.noun;
      if (seen.titles.length === 0) return `aucune ${one}`;
      const listed = `${seen.titles.length === 1 ? `1 ${one}` : `${seen.titles.length} ${many}`} : ${seen.titles.map(quote).join(', ')}`;
      const highlighted = seen.highlighted === null ? undefined : seen.titles[seen.highlighted];
      return highlighted === undefined ? `${listed}, aucune en surbrillance` : `${listed}, ${quote(highlighted)} en surbrillance`;
    }
    case 'pressed':
      if (seen.names.length === 0) return `aucun bouton enfoncé dans ${quote(seen.group)}`;
      return seen.names.length === 1
        ? `dans ${quote(seen.group)}, le bouton ${quote(seen.names[0]!)} enfoncé`
        : `dans ${quote(seen.group)}, les boutons ${seen.names.map(quote).join(', ')} enfoncés`;
    case 'region-items':
      if (seen.titles.length === 0) return `aucun élément dans ${quote(seen.region)}`;
      return `dans ${quote(seen.region)}, ${seen.titles.length === 1 ? '1 élément' : `${seen.titles.length} éléments`} : ${seen.titles.map(quote).join(', ')}`;
    case 'region-text':
      return seen.shown ? `dans ${quote(seen.region)}, le texte ${quote(seen.text)}` : `dans ${quote(seen.region)}, pas de texte ${quote(seen.text)}`;
  }
};
