import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { AGENDA_MESSAGES } from '../../src/i18n/agenda-messages';
import { DIRECTORY_MESSAGES } from '../../src/i18n/directory-messages';
import { addMessages } from '../../src/i18n/intl';
import { NEWS_MESSAGES } from '../../src/i18n/news-messages';

// jsdom leaves out the encoding API that browsers (and vcard-creator) rely on.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Views are rendered here without their widget's entry, which adds these messages in the page.
for (const messages of [AGENDA_MESSAGES, DIRECTORY_MESSAGES, NEWS_MESSAGES]) addMessages(messages);
