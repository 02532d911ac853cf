import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';

/** The data block a server-rendered widget carries: the raw API answers its first screen was built from, by path. */
export const EmbeddedAnswers = t.type({ answers: t.record(t.string, t.unknown) });
export type EmbeddedAnswers = t.TypeOf<typeof EmbeddedAnswers>;

/** The attribute that marks a widget's data block, the `<script type="application/json">` right after its container. */
export const DATA_BLOCK_ATTRIBUTE = 'data-widget-answers';

/**
 * The answers the server embedded after a container, decoded; `null` when there are none or
 * they do not decode (the widget then fetches, as a container the server did not render does).
 */
export const readEmbeddedAnswers = (container: Element): EmbeddedAnswers | null => {
  const block = container.nextElementSibling;
  if (!block || block.tagName !== 'SCRIPT' || !block.hasAttribute(DATA_BLOCK_ATTRIBUTE)) return null;
  try {
    const decoded = EmbeddedAnswers.decode(JSON.parse(block.textContent ?? ''));
    return isRight(decoded) ? decoded.right : null;
  } catch {
    return null;
  }
};
