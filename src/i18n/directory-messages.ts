import en from './compiled/parts/en-directory.json';
import fr from './compiled/parts/fr-directory.json';

/** The directory's messages in every language, carried by its widget's chunk (see `addMessages`). */
export const DIRECTORY_MESSAGES = { fr, en };
