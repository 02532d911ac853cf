import en from './compiled/parts/en-agenda.json';
import fr from './compiled/parts/fr-agenda.json';

/** The agenda's messages in every language, carried by its widget's chunk (see `addMessages`). */
export const AGENDA_MESSAGES = { fr, en };
