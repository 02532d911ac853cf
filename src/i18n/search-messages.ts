import de from './compiled/parts/de-search.json';
import en from './compiled/parts/en-search.json';
import fr from './compiled/parts/fr-search.json';
import it from './compiled/parts/it-search.json';

/** The site search's messages in every language, carried by its chunks (the page's widget, the header's suggestions). */
export const SEARCH_MESSAGES = { fr, de, it, en };
