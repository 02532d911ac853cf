import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { parseJson } from '../domain/json';

const Failure = t.union([
  t.type({ _tag: t.literal('NetworkError'), url: t.string, message: t.string }),
  t.type({ _tag: t.literal('HttpError'), url: t.string, status: t.number }),
  t.type({ _tag: t.literal('TimeoutError'), url: t.string, ms: t.number }),
  t.type({ _tag: t.literal('DecodeError'), url: t.string, report: t.array(t.string) }),
]);

/**
 * The data block a server-rendered widget carries: the raw API answers its first screen was
 * built from, by path, the calls that failed (so the browser starts from the same failure,
 * with its retry, instead of a different screen), and the moment (`now`, ms) it was rendered
 * for, which the browser's first render takes so that what is "coming" matches the markup.
 */
export const EmbeddedAnswers = t.intersection([
  t.type({ answers: t.record(t.string, t.unknown) }),
  t.partial({ failures: t.record(t.string, Failure), now: t.number }),
]);
export type EmbeddedAnswers = t.TypeOf<typeof EmbeddedAnswers>;

/** The attribute that marks a widget's data block, the `<script type="application/json">` right after its container. */
export const DATA_BLOCK_ATTRIBUTE = 'data-widget-answers';

/**
 * The answers the server embedded after a container, decoded; `null` when there are none or
 * they do not decode (the widget then fetches, as a container the server did not render does).
 */
export const readEmbeddedAnswers = (container: Element): EmbeddedAnswers | null => {
  const block = container.nextElementSibling;
  if (block?.tagName !== 'SCRIPT' || !block.hasAttribute(DATA_BLOCK_ATTRIBUTE)) return null;
  try {
    const decoded = EmbeddedAnswers.decode(parseJson(block.textContent));
    return isRight(decoded) ? decoded.right : null;
  } catch {
    return null;
  }
};
