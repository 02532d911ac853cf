import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { PAGE_PATHS } from '../../domain/permalinks';
import { letterSearch, selectFilters, selectLetter, selectLetterIndex, type directoryMachine } from '../../machines/directory-machine';
import { isBrowserClick } from '../shared/more-link';
import { useLocale } from '../shared/widget-root';

/**
 * "Index alphabétique": the letters A to Z over the cards, and "Tous" for every letter. Each is a
 * plain link to the list of that letter with the name and category kept, so the row works
 * without script; with it, a plain click sends `LETTER_CHOSEN`. A letter without contacts is
 * plain text, not a link (it takes no focus); the letter in force is marked current.
 */
export const LetterIndex = ({ actor }: { actor: ActorRefFrom<typeof directoryMachine> }) => {
  const { t, localize } = useLocale();
  const letters = useSelector(actor, selectLetterIndex);
  const chosen = useSelector(actor, selectLetter);
  const filters = useSelector(actor, selectFilters);
  const listPath = localize(PAGE_PATHS.directory);
  const link = (letter: string, text: string, current: boolean) => (
    <a
      className="letter-index__link"
      href={`${listPath}${letterSearch(filters, letter)}`}
      data-in-place=""
      aria-current={current ? 'true' : undefined}
      onClick={(event) => {
        if (isBrowserClick(event)) return;
        event.preventDefault();
        actor.send({ type: 'LETTER_CHOSEN', letter });
      }}
    >
      {text}
    </a>
  );

  return (
    <nav className="letter-index" aria-label={t('directory.letters.label')}>
      <ul className="letter-index__list">
        <li className="letter-index__all">{link('', t('directory.letters.all'), chosen === '')}</li>
        {letters.map(({ letter, count, current }) => (
          <li key={letter}>
            {count === 0 && !current ? (
              // Plain text, not a link: nothing to follow, nothing for the keyboard to stop on.
              <span className="letter-index__link letter-index__link--empty">
                <span aria-hidden="true">{letter}</span>
                <span className="visually-hidden">{t('directory.letters.empty', { letter })}</span>
              </span>
            ) : (
              link(letter, letter, current)
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
};
