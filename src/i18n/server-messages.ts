import de from './compiled/parts/de-server.json';
import en from './compiled/parts/en-server.json';
import fr from './compiled/parts/fr-server.json';
import it from './compiled/parts/it-server.json';

/** The messages only the server renders (error pages, the pages' descriptions) in every language (see `addMessages`). */
export const SERVER_MESSAGES = { fr, de, it, en };
