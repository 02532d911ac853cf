/**
 * The form in which names and titles are stored and searched: lower case, NFD,
 * combining marks dropped. Computed here rather than with `unaccent`, so PGlite and
 * PostgreSQL compare exactly the same strings.
 */
// Lower case first: some capitals (İ) lower-case into a letter plus a combining mark.
export const normalizeSearch = (value: string): string =>
  value.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

// LIKE's own characters in a search text match themselves, not "any".
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (c) => `\\${c}`);

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
