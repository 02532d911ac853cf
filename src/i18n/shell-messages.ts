import de from './compiled/parts/de-shell.json';
import en from './compiled/parts/en-shell.json';
import fr from './compiled/parts/fr-shell.json';
import it from './compiled/parts/it-shell.json';

/**
 * The footer's, the menu's and the pages about the site's messages in every language (see
 * `addMessages`): the server writes them into every page, and a browser needs them only to
 * translate a page no server rendered, or to show a page about the site in another language,
 * so the entry every page loads leaves them out.
 */
export const SHELL_MESSAGES = { fr, de, it, en };
