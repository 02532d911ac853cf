import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { setSanitizerInstance } from '../../src/views/shared/sanitized-html';

// The views sanitize rich text with DOMPurify and read plain text with DOMParser: on the
// server both work on one jsdom window, which never runs a script of the content. Pages
// themselves are rendered by React (page-document.tsx), never templated through a DOM.
const { window } = new JSDOM('<!doctype html><html><body></body></html>');
setSanitizerInstance(createDOMPurify(window));
if (typeof globalThis.DOMParser === 'undefined') globalThis.DOMParser = window.DOMParser;
