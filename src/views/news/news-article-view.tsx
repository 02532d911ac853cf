import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { categoryTitles } from '../../domain/news-list';
import { PAGE_PATHS } from '../../domain/permalinks';
import { selectArticle, selectArticleRetrying, selectArticleStatus, type newsArticleMachine } from '../../machines/news-article-machine';
import { RetryMessage } from '../shared/retry-message';
import { SanitizedHtml } from '../shared/sanitized-html';
import { TagList } from '../shared/tag-list';
import { useLocale } from '../shared/widget-root';
import { NewsDate } from './news-card';

// The article's image is shown large: the demo files are 480 px squares.
const IMAGE_SIZE = 480;

/** A news item's page: its date, lead, image and full text (sanitized), with the way back to the list. */
export const NewsArticleView = ({ actor }: { actor: ActorRefFrom<typeof newsArticleMachine> }) => {
  const { t, contentLang, localize } = useLocale();
  const status = useSelector(actor, selectArticleStatus);
  const article = useSelector(actor, selectArticle);
  const retrying = useSelector(actor, selectArticleRetrying);
  const categories = article ? categoryTitles(article) : [];
  return (
    <div className="news-article" aria-busy={status === 'loading'}>
      {status === 'loading' ? (
        <p role="status" className={retrying ? 'notice notice--retrying' : undefined}>
          {t(retrying ? 'common.retrying' : 'news.article.loading')}
        </p>
      ) : null}
      {status === 'missing' ? <p className="notice">{t('news.article.missing')}</p> : null}
      {status === 'failed' ? <RetryMessage message={t('news.article.failed')} retryLabel={t('common.retry')} onRetry={() => actor.send({ type: 'RETRY' })} /> : null}
      {article ? (
        <article className="news-article__content">
          <NewsDate date={article.date} />
          <TagList label={t('news.categories')} tags={categories} lang={contentLang} />
          {article.lead ? (
            <p className="news-article__lead" lang={contentLang}>
              {article.lead}
            </p>
          ) : null}
          {article.image ? (
            <img
              className="news-article__image"
              src={article.image}
              alt={article.image_alt?.trim() ?? ''}
              lang={article.image_alt?.trim() ? contentLang : undefined}
              width={IMAGE_SIZE}
              height={IMAGE_SIZE}
              fetchPriority="high"
              decoding="async"
            />
          ) : null}
          {article.body ? <SanitizedHtml html={article.body} className="rich-text news-article__body" /> : null}
        </article>
      ) : null}
      <p className="news-article__back">
        <a href={localize(PAGE_PATHS.news)}>{t('news.article.back')}</a>
      </p>
    </div>
  );
};
