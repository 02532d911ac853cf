import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

// jsdom leaves out the encoding API that browsers (and vcard-creator) rely on.
Object.assign(globalThis, { TextEncoder, TextDecoder });
