import { createActor } from 'xstate';
import { parseSitePath, splitLanguage } from '../../domain/permalinks';
import { NEWS_MESSAGES } from '../../i18n/news-messages';
import { addMessages } from '../../i18n/intl';
import { newsArticleMachine, selectArticle } from '../../machines/news-article-machine';
import { newsArticleActor } from '../../services/news-article-service';
import type { WidgetEntry } from '../entries/widget-entry';
import { NewsArticleView } from './news-article-view';
import { newsScopeOf } from './news-entry';

// The news messages come with the article's chunk too (and with the server's renderer).
addMessages(NEWS_MESSAGES);

/** The slug of the news item an address names, or `''` when it names none (the article is then missing). */
const slugOf = (pathname: string): string => {
  const path = parseSitePath(splitLanguage(pathname).path);
  return path?.kind === 'news' ? path.slug : '';
};

/** A news item's page: the article of the address's slug, in the container's scope. */
export const newsArticleEntry: WidgetEntry = {
  name: 'news-article',
  // Its first screen is the server's: the code loads when the visitor reaches for it.
  wake: 'intent',
  create: (setting) => {
    const input = { scope: newsScopeOf(setting.attribute('data-news-scope')), slug: slugOf(setting.location.pathname) };
    const actor = createActor(newsArticleMachine.provide({ actors: { loadArticle: newsArticleActor(setting.api) } }), {
      input,
      inspect: setting.observe(input),
    });
    return {
      actor,
      element: <NewsArticleView actor={actor} />,
      afterSettle: () => !actor.getSnapshot().matches('missing'),
      subject: () => {
        const article = selectArticle(actor.getSnapshot());
        return article === null ? null : { kind: 'article', article };
      },
    };
  },
};
