import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import type { Language } from '../../domain/language';
import type { ProfileTextName } from '../../domain/site-profile';
import type { Api } from '../../services/http';
import { useLocale } from './widget-root';

// Typed as a record of every language, so that a language added to LANGUAGES must be added here.
const TEXT_LANGUAGES: Readonly<Record<Language, null>> = { fr: null, de: null, it: null, en: null };

/**
 * One of the institution's own texts (its site profile's `texts/{language}/*.md`) as the server
 * gives it to a widget: the HTML the profile's check rendered and sanitized at start, and the
 * language it is written in (the page's, or the profile's default one when the page's is not offered).
 */
export const ProfileTextAnswer = t.type({ language: t.keyof(TEXT_LANGUAGES, 'Language'), html: t.string }, 'ProfileTextAnswer');
export type ProfileTextAnswer = t.TypeOf<typeof ProfileTextAnswer>;

// Not an address of the API (those start with `/`): no widget fetches it, only the server answers it.
const KEY_PREFIX = 'profile:';

/** The key of a text among a widget's answers, in the page's data block: `profile:legalNotice`, … */
export const profileTextKey = (name: ProfileTextName): string => `${KEY_PREFIX}${name}`;

/** The text a key names, or `null` when the key is not one of a text. */
export const profileTextNameOf = (key: string, names: readonly ProfileTextName[]): ProfileTextName | null =>
  names.find((name) => key === profileTextKey(name)) ?? null;

/**
 * The text `name` as the widget's answers hold it: on the server, the profile's (page-routes
 * answers the key at once); in the browser, the one the server embedded in the page's data block,
 * so the first render is the server's without a request. `null` when there is none (a container
 * another system's page mounts alone, or a server without a profile): the widget then shows
 * nothing of an institution rather than another one's words.
 */
export const heldProfileText = (api: Api, name: ProfileTextName): ProfileTextAnswer | null => {
  if (typeof api === 'string') return null;
  const held = api.answer(profileTextKey(name));
  if (held === undefined) return null;
  let body: unknown = null;
  // Both sources answer at once (`of`): the value is there when `subscribe` returns.
  held
    .subscribe({
      next: (value) => {
        body = value;
      },
      error: () => undefined,
    })
    .unsubscribe();
  const decoded = ProfileTextAnswer.decode(body);
  return isRight(decoded) ? decoded.right : null;
};

/** One of the institution's texts, its `lang` said when it is not the page's. */
export const ProfileText = ({ text, className }: { text: ProfileTextAnswer; className: string }) => {
  const { language } = useLocale();
  return (
    <div
      className={className}
      lang={text.language === language ? undefined : text.language}
      // Never markup from a visitor or from the API: the profile's Markdown, rendered by marked and
      // sanitized with DOMPurify by the site's rich-text policy when the server started (a text
      // holding anything the sanitizer drops stops the start, server/profile/profile-markup.ts), then
      // carried in the page's own data block. Sanitizing again here would load DOMPurify for nothing.
      dangerouslySetInnerHTML={{ __html: text.html }}
    />
  );
};
