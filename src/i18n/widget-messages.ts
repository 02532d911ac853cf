import { AGENDA_MESSAGES } from './agenda-messages';
import { DIRECTORY_MESSAGES } from './directory-messages';
import { HOME_MESSAGES } from './home-messages';
import { NEWS_MESSAGES } from './news-messages';
import { SEARCH_MESSAGES } from './search-messages';

/**
 * Every widget's own messages in every language, for whoever renders any widget in any language:
 * the server's renderer and the tests. A page's loader brings only its widget's, in its language.
 */
export const EVERY_WIDGET_MESSAGES = [AGENDA_MESSAGES, DIRECTORY_MESSAGES, NEWS_MESSAGES, SEARCH_MESSAGES, HOME_MESSAGES] as const;
