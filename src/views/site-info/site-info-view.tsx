import { useId, type ReactNode } from 'react';
import { API_REFERENCE_PAGE, CATALOGUE_PATH, DATASET_SECTIONS, type Dataset, LICENCE_NAME, licenceDeed } from '../../domain/open-data-catalogue';
import { PAGE_PATHS, type SitePage } from '../../domain/permalinks';
import { pageIsOn } from '../../domain/site-sections';
import { addMessages, type MessageId } from '../../i18n/intl';
import { SHELL_MESSAGES } from '../../i18n/shell-messages';
import { PHRASE_MARK, phraseAround } from '../shared/content-phrase';
import { useLocale } from '../shared/widget-root';
import { ProfileText, type ProfileTextAnswer } from '../shared/profile-text';

// These pages' own words (the sitemap's, the date's), which the entry does not carry.
addMessages(SHELL_MESSAGES);

/** The pages this widget shows, by the container's `data-info`. */
export type InfoPage = 'legal' | 'privacy' | 'sitemap' | 'data';

/** The page a container's `data-info` names; the sitemap when it names none of them. */
export const infoPageOf = (value: string | null): InfoPage => (value === 'legal' || value === 'privacy' || value === 'data' ? value : 'sitemap');

/** The sitemap's groups: the sections a visitor comes for, then the pages about the site itself. */
const SITEMAP: readonly { readonly title: MessageId; readonly pages: readonly { readonly page: SitePage; readonly label: MessageId }[] }[] = [
  {
    title: 'sitemap.sections',
    pages: [
      { page: 'home', label: 'nav.home' },
      { page: 'agenda', label: 'nav.agenda' },
      { page: 'directory', label: 'nav.directory' },
      { page: 'news', label: 'nav.news' },
      { page: 'shop', label: 'nav.shop' },
      { page: 'cart', label: 'nav.cart' },
      { page: 'search', label: 'page.search.title' },
    ],
  },
  {
    title: 'sitemap.about',
    pages: [
      { page: 'accessibility', label: 'page.accessibility.title' },
      { page: 'legal', label: 'legal.title' },
      { page: 'privacy', label: 'privacy.title' },
      { page: 'sitemap', label: 'sitemap.title' },
      { page: 'data', label: 'opendata.title' },
    ],
  },
];

/** The pages of the sitemap's second group that are not widgets' pages: the API's reference. */
const OTHER_PAGES: readonly { readonly path: string; readonly label: MessageId }[] = [{ path: API_REFERENCE_PAGE, label: 'sitemap.api' }];

/** A titled part of a page, its heading naming the region. */
const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const titleId = useId();
  return (
    <section className="info__section" aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      {children}
    </section>
  );
};

/**
 * The legal notice or the privacy statement: the institution's own text, as its site profile
 * says it. Without one (a container mounted alone in another system's page) the page shows
 * nothing of an institution rather than another one's words.
 */
const InfoTextView = ({ text }: { text: ProfileTextAnswer | null }) => (
  <div className="info">{text ? <ProfileText text={text} className="info__text" /> : null}</div>
);

/** Where the build writes the licences of what the site ships (scripts/gather-licences.mjs), served as a file of the site. */
export const LICENCES_PATH = '/licences.txt';

/**
 * The legal notice: the institution's text, then the product's own word on its licence and the
 * licences of the software it ships, which every site built from it owes its visitors. A container
 * mounted alone in another system's page has no text, and the file's address would be that system's: nothing then.
 */
const LegalView = ({ text }: { text: ProfileTextAnswer | null }) => {
  const { t } = useLocale();
  if (text === null) return <InfoTextView text={null} />;
  const sentence = phraseAround(t('legal.software', { link: PHRASE_MARK }));
  return (
    <div className="info">
      <ProfileText text={text} className="info__text" />
      <p className="info__software">
        {sentence.before}
        <a href={LICENCES_PATH} type="text/plain">
          {t('legal.software.link')}
        </a>
        {sentence.after}
      </p>
    </div>
  );
};

/** The sitemap: every page of the site, in the page's language, grouped. */
const SitemapView = () => {
  const { t, localize, sections } = useLocale();
  return (
    <div className="info">
      <p className="info__intro">{t('sitemap.intro')}</p>
      {SITEMAP.map((group) => (
        <Section key={group.title} title={t(group.title)}>
          <ul className="info__pages">
            {group.pages
              .filter(({ page }) => pageIsOn(sections, page))
              .map(({ page, label }) => (
                <li key={page}>
                  <a href={localize(PAGE_PATHS[page])} {...(page === 'sitemap' ? { 'aria-current': 'page' as const } : {})}>
                    {t(label)}
                  </a>
                </li>
              ))}
            {group.title === 'sitemap.about'
              ? OTHER_PAGES.map(({ path, label }) => (
                  <li key={path}>
                    <a href={localize(path)}>{t(label)}</a>
                  </li>
                ))
              : null}
          </ul>
        </Section>
      ))}
    </div>
  );
};

// Short names of the files' formats, as people know them.
const FORMAT_NAMES = { CSV: 'CSV', JSON: 'JSON (API)', ICS: 'iCalendar', ATOM: 'Atom', VCARD: 'vCard' } as const;

/** The open data: each dataset with its description and files, the licence, and the catalogue that machines read. */
const DataView = ({ datasets }: { datasets: readonly Dataset[] }) => {
  const { language, t, localize, sections } = useLocale();
  // The licence is named in the sentence, as a link to its text for people.
  const licence = phraseAround(t('opendata.licence', { licence: PHRASE_MARK }));
  return (
    <div className="info">
      <p className="info__intro">{t('opendata.intro')}</p>
      {datasets
        .filter((dataset) => sections[DATASET_SECTIONS[dataset.id]])
        .map((dataset) => (
          <Section key={dataset.id} title={dataset.title[language]}>
            <p>{dataset.description[language]}</p>
            <p>
              <a href={localize(dataset.page)}>{t('opendata.page', { title: dataset.title[language] })}</a>
            </p>
            <h3>{t('opendata.files')}</h3>
            <ul className="info__pages">
              {dataset.distributions.map((file) => (
                <li key={file.format}>
                  <a href={file.path} type={file.mediaType}>
                    {FORMAT_NAMES[file.format]}
                  </a>
                </li>
              ))}
            </ul>
          </Section>
        ))}
      <Section title={t('opendata.catalogue.title')}>
        <p>{t('opendata.csvNote')}</p>
        <p>
          {licence.before}
          <a href={licenceDeed(language)} hrefLang={language}>
            {LICENCE_NAME[language]}
          </a>
          {licence.after}
        </p>
        <p>
          {t('opendata.catalogue.text')}{' '}
          <a href={CATALOGUE_PATH} type="application/rdf+xml">
            {t('opendata.catalogue.link')}
          </a>
        </p>
      </Section>
      <Section title={t('opendata.api.title')}>
        <p>
          {t('opendata.api.text')} <a href={localize(API_REFERENCE_PAGE)}>{t('sitemap.api')}</a>
        </p>
      </Section>
    </div>
  );
};

/** One of the pages about the site (legal notice, privacy statement, sitemap, open data), in the page's language; `text` is the institution's, for the first two. */
export const SiteInfoView = ({ page, text, datasets }: { page: InfoPage; text: ProfileTextAnswer | null; datasets: readonly Dataset[] }) =>
  page === 'sitemap' ? (
    <SitemapView />
  ) : page === 'data' ? (
    <DataView datasets={datasets} />
  ) : page === 'legal' ? (
    <LegalView text={text} />
  ) : (
    <InfoTextView text={text} />
  );
