import { NewsArticle } from '../../../src/domain/news';
import { newsArticlePath } from '../../../src/domain/news-list';
import type { NewsArticleMachineEvent } from '../../../src/machines/news-article-machine';
import { ARTICLE, newsArticleModel } from '../../model/news-article-model';
import { literal, type PlaywrightDriver } from '../driver';

const SLUG = ARTICLE.slug ?? '';
const CALL = newsArticlePath('actualites', SLUG);

/** The article's covering suite on its permalink, which the live site need not hold: the news page's markup, its list's container made the article's. */
export const newsArticleDriver: PlaywrightDriver<NewsArticleMachineEvent> = {
  model: newsArticleModel,
  page: { path: `/actualites/${SLUG}/`, markupOf: '/actualites/', replaces: 'news', widget: 'news-article' },
  act: (event) => {
    switch (event.type) {
      case 'ARTICLE_LOADED':
        return [`await api.answer(${literal(CALL)}, ${literal(NewsArticle.encode(event.article))});`];
      case 'ARTICLE_MISSING':
        return [`await api.fail(${literal(CALL)}, 404);`];
      case 'ARTICLE_RETRYING':
        return [`await api.fail(${literal(CALL)}, 503);`];
      // A refusal other than "not found" is a failure, not tried again.
      case 'ARTICLE_FAILED':
        return [`await api.fail(${literal(CALL)}, 400);`];
      case 'RETRY':
        return [`await page.getByRole('button', { name: 'Réessayer' }).click();`];
    }
  },
};
