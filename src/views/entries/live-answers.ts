import { trackAnswers } from '../../services/answer-tracker';
import { readEmbeddedAnswers } from '../../services/embedded-answers';
import { embeddedSource } from '../../services/embedded-source';
import { apiBaseOf } from '../../services/http';
import type { MountWidget } from '../widget';
import { mountEntry, type WidgetAnswers } from './mount-entry';
import type { WidgetEntry } from './widget-entry';

/**
 * The answers of a widget that calls the API: those the server embedded after its container
 * first (each once), then the container's API (`data-api-base`, or the page's origin).
 */
export const liveAnswers = (container: HTMLElement): WidgetAnswers => {
  const base = apiBaseOf(container);
  const embedded = readEmbeddedAnswers(container);
  const held = embedded ? embeddedSource(base, embedded) : null;
  // A path the page does not hold is left to the services, which fetch it with time-out and retries.
  const source = trackAnswers(base, (path) => held?.answer(path));
  return { api: source, settled: source.settled };
};

/** A widget's start-up: its render entry, mounted into the container on the answers of its API. */
export const mountLive =
  (entry: WidgetEntry): MountWidget =>
  (container, tools) =>
    mountEntry(entry, container, tools, liveAnswers(container));
