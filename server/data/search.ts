/**
 * The form in which names and titles are stored and searched: lower case, NFD,
 * combining marks dropped. Computed here rather than with `unaccent`, so PGlite and
 * PostgreSQL compare exactly the same strings.
 */
// Lower case first: some capitals (İ) lower-case into a letter plus a combining mark.
export const normalizeSearch = (value: string): string => value.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

// LIKE's own characters in a search text match themselves, not "any".
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

// A regular expression's own characters in a search text match themselves.
const escapeRegex = (value: string): string => value.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`);

/**
 * The SQL of a name search on a normalised column (`c.search_title`): `where` keeps the rows
 * whose name holds the text anywhere (a `LIKE '%…%'` that the trigram index of migration 3
 * serves), and `rank` orders them as a reader expects: 0 when the name starts with the text,
 * 1 when one of its words does, 2 otherwise. The text is normalised here and its patterns
 * pushed onto `params`.
 */
export const nameSearch = (column: string, text: string, params: unknown[]): { where: string; rank: string } => {
  const escaped = escapeLike(normalizeSearch(text));
  params.push(`%${escaped}%`, `${escaped}%`, `% ${escaped}%`);
  const [contains, prefix, word] = [params.length - 2, params.length - 1, params.length].map((n) => `$${n}`);
  return {
    where: `${column} like ${contains}`,
    rank: `(case when ${column} like ${prefix} then 0 when ${column} like ${word} then 1 else 2 end)`,
  };
};

/**
 * Below this length a word of a query finds the words that start with it, not any part of one: a
 * trigram index serves `'ab%'` and `'% ab%'`, never `'%ab%'`, which only a scan of the whole table
 * answers. Two letters are where a visitor's typing starts, so they must stay cheap.
 */
export const SUBSTRING_MIN_LENGTH = 3;

/** The words of a normalised query: letters and digits, split at anything else (spaces, apostrophes, hyphens). */
export const queryWords = (normalized: string): string[] => [...new Set(normalized.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== ''))];

/**
 * A site search's SQL over a title column and further columns (a place, a lead, an interests
 * register). `where` keeps the rows where one column holds every word of the text, in any order:
 * a word of `SUBSTRING_MIN_LENGTH` letters or more anywhere, a shorter one at the start of a word
 * (after a space, an apostrophe or a hyphen); single letters beside longer words are left out, as
 * they narrow nothing and cost a scan. `rank` orders them as `nameSearch` does: 0 when the title
 * starts with the text, 1 when a word of it does (after ’ too), 2 when it holds the words
 * elsewhere, 3 for rows found by another column only.
 * Every pattern is one a trigram index serves; the patterns are pushed onto `params`, and `prefix`
 * names the one of the text at the start (`'text%'`), which a name index also serves.
 */
export const siteSearchMatch = (title: string, others: readonly string[], text: string, params: unknown[]): { where: string; rank: string; prefix: string } => {
  const normalized = normalizeSearch(text).replace(/\s+/gu, ' ').trim();
  const phrase = escapeLike(normalized);
  const placeholder = (value: string): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const prefix = placeholder(`${phrase}%`);
  // A word starts after a space, an apostrophe or a hyphen ("l’exposition", "Saint-Maire").
  const word = placeholder(`(^|[ '’-])${escapeRegex(normalized)}`);
  const words = queryWords(normalized).filter((item) => Array.from(item).length >= 2);
  // Each word once as a pattern, used by every column. A short word starts a word: one regular
  // expression, whose two trigrams the index reads once, where `'ab%' or '% ab%'` reads them twice.
  // The boundaries the index can read: pg_trgm reads no class with a character beyond ASCII (’).
  const patterns = words.map((item) =>
    Array.from(item).length >= SUBSTRING_MIN_LENGTH ? `like ${placeholder(`%${item}%`)}` : `~ ${placeholder(`(^|[ '-])${item}`)}`,
  );
  // Only single letters (or none, which the API refuses): the text as typed must start a word.
  const holds = (column: string): string =>
    patterns.length === 0 ? `(${column} like ${prefix} or ${column} ~ ${word})` : `(${patterns.map((pattern) => `${column} ${pattern}`).join(' and ')})`;
  return {
    where: `(${[title, ...others].map(holds).join(' or ')})`,
    rank: `(case when ${title} like ${prefix} then 0 when ${title} ~ ${word} then 1 when ${holds(title)} then 2 else 3 end)`,
    prefix,
  };
};

// The elements after which a reader sees a new line: the register is a list, a paragraph or lines.
const BLOCK_END = /<\/?(?:p|div|li|ul|ol|br|h[1-6]|tr|td|th|dd|dt|blockquote|section|article)\b[^>]*>/gi;

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

const codePoint = (value: number): string => (value > 0 && value <= 0x10ffff && (value < 0xd800 || value > 0xdfff) ? String.fromCodePoint(value) : '');

/**
 * The text of (sanitized) rich text, as a reader reads it: tags dropped, each block or list item
 * on its own line, entities decoded, white space collapsed, empty lines dropped. Computed in
 * TypeScript like the normalised names, so both backends search exactly the same text.
 */
export const htmlToText = (html: string): string =>
  html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(BLOCK_END, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|([a-z]+));/gi, (entity, decimal?: string, hex?: string, name?: string) =>
      decimal !== undefined ? codePoint(Number(decimal)) : hex !== undefined ? codePoint(parseInt(hex, 16)) : (ENTITIES[(name ?? '').toLowerCase()] ?? entity),
    )
    .split('\n')
    .map((line) => line.replace(/\s+/gu, ' ').trim())
    .filter((line) => line !== '')
    .join('\n');

/** The normalised form of rich text (an interests register) that the site search looks into; `null` for none. */
export const richTextSearch = (html: string | null | undefined): string | null => {
  if (html === null || html === undefined) return null;
  // Items on one line: the first word of each is a word start (`% ab%`), as in a title.
  const text = normalizeSearch(htmlToText(html).replace(/\n/g, ' '));
  return text === '' ? null : text;
};

/** The normalised form of plain text (a place, a lead) that the site search looks into; `null` for none. */
export const plainTextSearch = (text: string | null | undefined): string | null => {
  if (text === null || text === undefined) return null;
  const normalized = normalizeSearch(text.replace(/\s+/gu, ' ').trim());
  return normalized === '' ? null : normalized;
};

/** The longest excerpt shown of a matched text, in characters. */
export const EXCERPT_LENGTH = 120;

/**
 * The part of a text that shows where a query matched it: the line (a register's item) that
 * holds the query, accents and case aside, cut to `EXCERPT_LENGTH` characters around it with `…`.
 * A text where the query is not found (a normalisation that moved letters) gives its first line.
 */
export const excerptOf = (text: string, query: string, length: number = EXCERPT_LENGTH): string => {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const phrase = normalizeSearch(query.replace(/\s+/gu, ' ').trim());
  // The words of a query may match apart: the line of the phrase, else of its longest word.
  const longest = queryWords(phrase).reduce((best, item) => (item.length > best.length ? item : best), '');
  for (const wanted of phrase === longest ? [phrase] : [phrase, longest]) {
    const found = lineHolding(lines, wanted, query, length);
    if (found !== null) return found;
  }
  return cut(Array.from(lines[0] ?? ''), 0, 0, length);
};

// The excerpt of the first line that holds `wanted` (normalised), or `null`.
const lineHolding = (lines: readonly string[], wanted: string, query: string, length: number): string | null => {
  for (const line of lines) {
    // Each character normalised on its own, so a position in the normalised line is one in the line.
    const chars = Array.from(line);
    const starts: number[] = [];
    let normalized = '';
    chars.forEach((char, index) => {
      const form = normalizeSearch(char);
      starts.push(...new Array<number>(form.length).fill(index));
      normalized += form;
    });
    const at = wanted === '' ? -1 : normalized.indexOf(wanted);
    if (at < 0) continue;
    return cut(chars, starts[at] ?? 0, Math.min(Array.from(query).length, Array.from(wanted).length), length);
  }
  return null;
};

// A window of `length` characters that holds the match, with an ellipsis where the line goes on.
const cut = (chars: readonly string[], at: number, matched: number, length: number): string => {
  if (chars.length <= length) return chars.join('');
  const before = Math.max(0, Math.min(at - Math.floor((length - matched) / 3), chars.length - length));
  const end = Math.min(chars.length, before + length);
  return `${before > 0 ? '…' : ''}${chars.slice(before, end).join('').trim()}${end < chars.length ? '…' : ''}`;
};
