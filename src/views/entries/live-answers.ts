import { trackAnswers } from '../../services/answer-tracker';
import { readEmbeddedAnswers } from '../../services/embedded-answers';
import { embeddedSource } from '../../services/embedded-source';
import { apiBaseOf, fetchJson } from '../../services/http';
import type { WidgetAnswers } from './mount-entry';

/**
 * The answers of a widget that calls the API: those the server embedded after its container
 * first (each once), then the container's API (`data-api-base`, or the page's origin).
 */
export const liveAnswers = (container: HTMLElement): WidgetAnswers => {
  const base = apiBaseOf(container);
  const embedded = readEmbeddedAnswers(container);
  const held = embedded ? embeddedSource(base, embedded) : null;
  const source = trackAnswers(base, (path) => held?.answer(path) ?? fetchJson(`${base}${path}`));
  return { api: source, settled: source.settled };
};
