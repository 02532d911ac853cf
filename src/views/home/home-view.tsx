import { localizedPath } from '../../domain/permalinks';
import type { MessageId } from '../../i18n/intl';
import { useLocale } from '../shared/widget-root';

const SECTIONS: readonly { href: string; title: MessageId; text: MessageId }[] = [
  { href: '/agenda/', title: 'nav.agenda', text: 'home.agenda' },
  { href: '/annuaire/', title: 'nav.directory', text: 'home.directory' },
  { href: '/actualites/', title: 'nav.news', text: 'home.news' },
  { href: '/boutique/', title: 'nav.shop', text: 'home.shop' },
];

/** The home page: an introduction and a card a section. */
export const HomeView = () => {
  const { language, t } = useLocale();
  return (
    <>
      <p>{t('home.intro')}</p>
      <h2>{t('home.sections')}</h2>
      <ul className="home-sections">
        {SECTIONS.map((section) => (
          <li key={section.href} className="home-section">
            <h3>
              <a href={localizedPath(section.href, language)}>{t(section.title)}</a>
            </h3>
            <p>{t(section.text)}</p>
          </li>
        ))}
      </ul>
    </>
  );
};
