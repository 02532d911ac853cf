import type { SitePage } from '../../src/domain/permalinks';

/** The longest address the pages read; a longer one is refused before any work. */
export const MAX_PAGE_URL = 2048;

/** The query parameters each page reads, and the tools every page accepts (`journal`, `inspect`). */
const PAGE_PARAMS: Readonly<Record<SitePage, readonly string[]>> = {
  home: [],
  directory: ['categorie', 'q'],
  agenda: ['categories', 'mois', 'titre'],
  news: ['categorie'],
  shop: [],
  cart: [],
  accessibility: [],
  search: ['q'],
};
const TOOL_PARAMS = ['journal', 'inspect'];

// Control characters cannot be typed in a search box: in an address they are a forged query.
const CONTROL = /[\u0000-\u001f\u007f]/;

const checkText = (name: string, values: readonly string[], max: number): string | null => {
  if (values.length > 1) return `« ${name} » est donné plusieurs fois`;
  const value = values[0] ?? '';
  if (value.length > max) return `« ${name} » dépasse ${max} caractères`;
  if (CONTROL.test(value)) return `« ${name} » contient un caractère de contrôle`;
  return null;
};

const checkIds = (name: string, values: readonly string[]): string | null => {
  if (values.length > 50) return `« ${name} » est donné plus de 50 fois`;
  const bad = values.find((value) => !/^\d{1,9}$/.test(value));
  return bad === undefined ? null : `« ${name} » doit être un numéro de catégorie`;
};

/**
 * What is wrong with a page's query, in a sentence for the visitor, or `null` when the page can
 * read it. Parameters a page does not read (a campaign tag) are left alone.
 */
export const pageQueryProblem = (page: SitePage, search: string): string | null => {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return 'la requête ne se lit pas';
  }
  const known = new Set([...PAGE_PARAMS[page], ...TOOL_PARAMS]);
  for (const name of new Set(params.keys())) {
    if (!known.has(name)) continue;
    // An empty value is a field left empty in a form without script: not set.
    const values = params.getAll(name).filter((value) => value !== '');
    if (values.length === 0) continue;
    const problem =
      name === 'categorie' && page === 'news'
        ? checkIds(name, values)
        : name === 'categories'
          ? checkIds(name, values)
          : name === 'mois'
            ? values.length === 1 && /^(?:[1-9]|1[0-2])$/.test(values[0] ?? '')
              ? null
              : '« mois » doit être un numéro de mois, de 1 à 12'
            : checkText(name, values, 200);
    if (problem !== null) return problem;
  }
  return null;
};
