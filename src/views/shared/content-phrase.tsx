import type { MessageId } from '../../i18n/intl';
import { useLocale } from './widget-root';

/** Stands for a part of a sentence while the sentence is formatted: a private-use character, which no message writes. */
export const PHRASE_MARK = '\u{E000}';

/** A formatted sentence cut around the one place where `PHRASE_MARK` was given as a value. */
export const phraseAround = (sentence: string): { readonly before: string; readonly after: string } => {
  const at = sentence.indexOf(PHRASE_MARK);
  return at < 0 ? { before: sentence, after: '' } : { before: sentence.slice(0, at), after: sentence.slice(at + PHRASE_MARK.length) };
};

/**
 * A sentence of the interface that quotes the institution's content ("Ort: {place}"): on a page in
 * another language the quoted part alone is marked French, so a screen reader reads each part with
 * its own language's rules (WCAG 3.1.2).
 */
export const ContentPhrase = ({
  id,
  name,
  content,
  values = {},
}: {
  id: MessageId;
  /** The message's placeholder that holds the content, written once in every language. */
  name: string;
  content: string;
  values?: Readonly<Record<string, string | number>>;
}) => {
  const { t, contentLang } = useLocale();
  if (contentLang === undefined) return <>{t(id, { ...values, [name]: content })}</>;
  const { before, after } = phraseAround(t(id, { ...values, [name]: PHRASE_MARK }));
  return (
    <>
      {before}
      <span lang={contentLang}>{content}</span>
      {after}
    </>
  );
};
