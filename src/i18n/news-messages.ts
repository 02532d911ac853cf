import de from './compiled/parts/de-news.json';
import en from './compiled/parts/en-news.json';
import fr from './compiled/parts/fr-news.json';
import it from './compiled/parts/it-news.json';

/** The news's messages in every language, carried by its widget's chunk (see `addMessages`). */
export const NEWS_MESSAGES = { fr, de, it, en };
