import de from './compiled/parts/de-directory.json';
import en from './compiled/parts/en-directory.json';
import fr from './compiled/parts/fr-directory.json';
import it from './compiled/parts/it-directory.json';

/** The directory's messages in every language, carried by its widget's chunk (see `addMessages`). */
export const DIRECTORY_MESSAGES = { fr, de, it, en };
