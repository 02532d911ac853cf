import type { IntlShape } from '@formatjs/intl';
import { searchQuery } from '../../domain/site-search';
import { translate } from '../../i18n/intl';

/**
 * The search page's query as its title names it ("« budget »"), or `null` when the text holds no
 * query: the server's `<title>` and the page's script both put it before the page's own title.
 */
export const queryTitle = (intl: IntlShape, text: string): string | null => {
  const query = searchQuery(text);
  return query === null ? null : translate(intl, 'search.title.query', { query });
};
