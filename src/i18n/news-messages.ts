import en from './compiled/parts/en-news.json';
import fr from './compiled/parts/fr-news.json';

/** The news's messages in every language, carried by its widget's chunk (see `addMessages`). */
export const NEWS_MESSAGES = { fr, en };
