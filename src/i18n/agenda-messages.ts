import de from './compiled/parts/de-agenda.json';
import en from './compiled/parts/en-agenda.json';
import fr from './compiled/parts/fr-agenda.json';
import it from './compiled/parts/it-agenda.json';

/** The agenda's messages in every language, carried by its widget's chunk (see `addMessages`). */
export const AGENDA_MESSAGES = { fr, de, it, en };
