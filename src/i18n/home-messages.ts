import de from './compiled/parts/de-home.json';
import en from './compiled/parts/en-home.json';
import fr from './compiled/parts/fr-home.json';
import it from './compiled/parts/it-home.json';

/**
 * The home page's messages in every language, carried by its React chunk (see `addMessages`):
 * the served home page needs none of them, so the entry every page loads leaves them out.
 */
export const HOME_MESSAGES = { fr, de, it, en };
