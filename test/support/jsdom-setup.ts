import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';
import { addMessages } from '../../src/i18n/intl';
import { EVERY_WIDGET_MESSAGES } from '../../src/i18n/widget-messages';

// jsdom leaves out the encoding API that browsers (and vcard-creator) rely on.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Views and entries are rendered here in any language, as the server renders them: in the page, the
// loader brings a widget's messages beside its code (src/i18n/message-loaders.ts).
for (const messages of EVERY_WIDGET_MESSAGES) addMessages(messages);
