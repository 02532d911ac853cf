import type { IntlShape } from '@formatjs/intl';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import type { MessageId } from '../../src/i18n/intl';
import type { CountForms } from '../../src/views/islands/header-cart-count';

const textOf = (elements: readonly MessageFormatElement[]): string | null => {
  let text = '';
  for (const element of elements) {
    if (element.type === TYPE.literal) text += element.value;
    else if (element.type === TYPE.pound) text += '#';
    else return null;
  }
  return text;
};

/**
 * The forms of a catalogue message that is one plural (`{count, plural, =0 {…} one {# …} other {# …}}`),
 * by selector, with `#` for the number: the page's script says the count with them and the
 * browser's own plural rules, without the formatter. `null` for a message of another shape.
 */
export const pluralForms = (intl: IntlShape, id: MessageId): CountForms | null => {
  const message = intl.messages[id];
  if (!Array.isArray(message) || message.length !== 1) return null;
  const [plural] = message;
  if (plural?.type !== TYPE.plural || plural.offset !== 0) return null;
  const forms: Record<string, string> = {};
  for (const [selector, option] of Object.entries(plural.options)) {
    const text = textOf(option.value);
    if (text === null) return null;
    forms[selector] = text;
  }
  return forms;
};
