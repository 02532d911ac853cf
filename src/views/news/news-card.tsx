import { memo, useId } from 'react';
import type { NewsItem } from '../../domain/news';
import { calendarDay, categoryTitles, isoDay } from '../../domain/news-list';
import { isSlug, newsPath } from '../../domain/permalinks';
import { safeLink } from '../../domain/safe-links';
import { dateFormat } from '../../i18n/date-format';
import { swissLocale } from '../../i18n/language';
import { TagList } from '../shared/tag-list';
import { useLocale } from '../shared/widget-root';

// The demo images are 480 px squares shown at 160 px; width and height keep the space before they load.
const IMAGE_SIZE = 160;

/** The date of an item in the page language, as the day the newsroom wrote, whatever the visitor's time zone. */
export const NewsDate = ({ date }: { date: string | null | undefined }) => {
  const { language } = useLocale();
  const day = calendarDay(date);
  if (!date || !day) return null;
  return (
    <p className="news-card__date">
      <time dateTime={isoDay(date)}>{dateFormat(swissLocale(language), { dateStyle: 'long', timeZone: 'UTC' }).format(day)}</time>
    </p>
  );
};

/**
 * Where the title leads: the item's own page on this site when the API names it by a slug (it
 * works without script and keeps the visitor here), else the item's `link` when it is an http(s)
 * or site address, else nowhere.
 */
const titleHref = (item: NewsItem, localize: (path: string) => string): string | null => {
  if (item.slug && isSlug(item.slug)) return localize(newsPath(item));
  return safeLink(item.link);
};

/**
 * One news item: an article named by its title, the title a link to the full text, then
 * the date, the lead, the categories and the image. The image's alt text is `image_alt`,
 * or empty when there is none, since the title stands next to it.
 */
export const NewsCard = memo(function NewsCard({
  item,
  aboveFold = false,
  anchor,
}: {
  item: NewsItem;
  aboveFold?: boolean;
  /** The id a followed "Afficher plus" link scrolls to: the first item of the latest page. */
  anchor?: string | undefined;
}) {
  const { t, contentLang, localize } = useLocale();
  const titleId = useId();
  const title = item.title?.trim() || t('news.untitled');
  const link = titleHref(item, localize);
  const categories = categoryTitles(item);
  return (
    // Focusable by script only, so focus can land on an item without a link.
    <article id={anchor} className="news-card" aria-labelledby={titleId} tabIndex={-1} data-news-id={item.id}>
      <div className="news-card__body">
        <h3 id={titleId} className="news-card__title" lang={item.title?.trim() ? contentLang : undefined}>
          {link ? <a href={link}>{title}</a> : title}
        </h3>
        <NewsDate date={item.date} />
        {item.lead ? (
          <p className="news-card__lead" lang={contentLang}>
            {item.lead}
          </p>
        ) : null}
        <TagList label={t('news.categories')} tags={categories} lang={contentLang} />
      </div>
      {item.image ? (
        <img
          className="news-card__image"
          src={item.image}
          alt={item.image_alt?.trim() ?? ''}
          lang={item.image_alt?.trim() ? contentLang : undefined}
          width={IMAGE_SIZE}
          height={IMAGE_SIZE}
          // The first cards' images are the page's largest paint: they load at once, the rest when near.
          loading={aboveFold ? 'eager' : 'lazy'}
          fetchPriority={aboveFold ? 'high' : 'auto'}
          decoding="async"
        />
      ) : null}
    </article>
  );
});

/** A card-sized grey block shown while the first answer is on its way, so nothing jumps. */
export const PlaceholderNewsCard = () => (
  <div className="news-card news-card--placeholder" aria-hidden="true">
    <div className="news-card__body">
      <div className="placeholder placeholder--title" />
      <div className="placeholder placeholder--line placeholder--short" />
      <div className="placeholder placeholder--line" />
      <div className="placeholder placeholder--line" />
    </div>
    <div className="placeholder news-card__image" />
  </div>
);
