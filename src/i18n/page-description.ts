import type { IntlShape } from '@formatjs/intl';
import type { SitePage } from '../domain/permalinks';
import type { DescribedSections } from '../domain/site-sections';
import { translate } from './intl';

/**
 * A page's `<meta name="description">` in the page's language, naming the institution. The home,
 * search and open data pages list the sections on ("agenda, annuaire et actualités" for a site
 * without a shop, in the language's own list form), so no description announces what the site lacks.
 */
export const pageDescription = (intl: IntlShape, page: SitePage, site: string, described: DescribedSections): string => {
  const list = (words: readonly string[]): string => intl.formatList(words, { type: 'conjunction' });
  if (page === 'home') {
    if (described.home.length === 0) return translate(intl, 'description.homeAlone', { site });
    return translate(intl, 'description.home', { site, sections: list(described.home.map((name) => translate(intl, `description.homePart.${name}`))) });
  }
  if (page === 'search') {
    if (described.search.length === 0) return translate(intl, 'description.searchAlone', { site });
    return translate(intl, 'description.search', { site, sections: list(described.search.map((name) => translate(intl, `description.searchPart.${name}`))) });
  }
  if (page !== 'data') return translate(intl, `description.${page}`, { site });
  if (described.data.length === 0) return translate(intl, 'description.dataAlone', { site });
  return translate(intl, 'description.data', {
    site,
    sections: list(described.data.map((name) => translate(intl, `description.dataPart.${name}`))),
    formats: list(described.formats),
  });
};
