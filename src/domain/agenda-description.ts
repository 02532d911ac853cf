/** The longest description a search engine shows whole: an event page's `<meta name="description">` stays within it. */
export const DESCRIPTION_LENGTH = 160;

/** A text cut to at most `max` characters at a word's end, with "…" when anything was cut. */
export const trimAtWord = (text: string, max: number): string => {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, Math.max(0, max - 1));
  // The last space the room holds ends the last whole word; a single word longer than the room is cut.
  const end = room.lastIndexOf(' ');
  return `${(end > 0 ? room.slice(0, end) : room).replace(/[\s,;:.–-]+$/, '')}…`;
};

/**
 * An event page's description: its date as the page's language writes it, its place, then the
 * start of its text, within DESCRIPTION_LENGTH characters where the date and place leave room.
 */
export const eventDescription = (when: string, place: string | null | undefined, text: string | null | undefined, max = DESCRIPTION_LENGTH): string => {
  const head = [when, place?.trim().replace(/[\s.]+$/, '')].filter((part): part is string => part !== undefined && part !== '').join(', ');
  // A text taken out of its markup keeps a space where a tag closed before a full stop or a comma: it goes.
  const body = (text ?? '')
    .replace(/\s+/g, ' ')
    .replace(/ ([.,)])/g, '$1')
    .trim();
  const room = max - head.length - 2;
  if (body === '' || room < 20) return head;
  return `${head}. ${trimAtWord(body, room)}`;
};
