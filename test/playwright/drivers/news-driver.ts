import { NewsCategoryList, NewsItemList } from '../../../src/domain/news';
import { newsCategoriesPath, newsListPath } from '../../../src/domain/news-list';
import type { NewsMachineEvent, NewsSnapshot } from '../../../src/machines/news-machine';
import type { HttpFailure } from '../../../src/services/http';
import { MODEL_PAGE_SIZE, NEWS_CATEGORIES } from '../../support/news-fixtures';
import { newsModel } from '../../model/news-model';
import { literal, visit, type PlaywrightDriver } from '../driver';
import type { CallMatch } from '../scripted-api';

const SCOPE = 'actualites';
const PAGE_SIZE = String(MODEL_PAGE_SIZE);

// The call of the list asks for the selection in force; a repeated `categories` is matched by its first.
const newsCall = (before: NewsSnapshot): CallMatch => {
  const [first] = before.context.selected;
  return { path: newsListPath(SCOPE, before.context.selected), query: { page_size: PAGE_SIZE, ...(first === undefined ? {} : { categories: first }) } };
};

// The further page is the one the first page's `next` named.
const moreCall = (before: NewsSnapshot): CallMatch => {
  const next = new URL(before.context.next ?? newsListPath(SCOPE, before.context.selected), 'http://relative.invalid');
  return { path: next.pathname, query: Object.fromEntries(next.searchParams) };
};

// A refusal is not tried again, so the widget shows its failure at once: a 5xx of the model's becomes a 404.
const finalStatus = (error: HttpFailure): number => (error._tag === 'HttpError' && error.status < 500 ? error.status : 404);

// Before the category list, a category of the address is named by its id.
const categoryName = (before: NewsSnapshot, id: string): string =>
  before.context.categories.length > 0 ? (NEWS_CATEGORIES.find((category) => category.id === id)?.title ?? id) : `Catégorie ${id}`;

/** The news list's covering suite on /actualites/, two items a page as the model walks it. */
export const newsDriver: PlaywrightDriver<NewsMachineEvent> = {
  model: newsModel,
  page: { path: '/actualites/', widget: 'news', attributes: { 'data-news-scope': SCOPE, 'data-page-size': PAGE_SIZE } },
  act: (event, state) => {
    const before = state as NewsSnapshot;
    switch (event.type) {
      case 'ADD_CATEGORY':
        return [
          `await page.getByRole('group', { name: 'Filtrer par catégorie' }).getByRole('button', { name: ${literal(categoryName(before, event.id))}, exact: true, pressed: false }).click();`,
        ];
      case 'REMOVE_CATEGORY':
        return [`await page.getByRole('button', { name: ${literal(`Retirer le filtre ${categoryName(before, event.id)}`)}, exact: true }).click();`];
      case 'REPLACE_CATEGORIES':
        return [`await page.getByRole('button', { name: 'Tout afficher' }).click();`];
      // Back or Forward to an address of the page, as the browser's buttons do it.
      case 'RESTORE_SELECTION':
        return [visit(literal(`/actualites/${event.search}`))];
      // The categories' and the list's alerts each offer it; either asks both again.
      case 'RETRY':
        return [`await page.getByRole('button', { name: 'Réessayer' }).first().click();`];
      case 'LOAD_MORE':
        return [`await page.getByRole('link', { name: 'Afficher plus' }).click();`];
      // A whole list is what a legacy API answers; anything else is a reference server's page.
      case 'NEWS_LOADED':
        return [
          `await api.answer(${literal(newsCall(before))}, ${literal(
            event.next === null && event.total === event.items.length
              ? NewsItemList.encode([...event.items])
              : { results: NewsItemList.encode([...event.items]), next: event.next, count: event.total },
          )});`,
        ];
      // A busy server: the widget says it tries again, and does.
      case 'NEWS_RETRYING':
        return [`await api.fail(${literal(newsCall(before))}, 503);`];
      case 'NEWS_FAILED':
        return [`await api.fail(${literal(newsCall(before))}, ${finalStatus(event.error)});`];
      case 'MORE_NEWS_LOADED':
        return [`await api.answer(${literal(moreCall(before))}, ${literal({ results: NewsItemList.encode([...event.items]), next: event.next })});`];
      case 'MORE_NEWS_FAILED':
        return [`await api.fail(${literal(moreCall(before))}, ${finalStatus(event.error)});`];
      case 'CATEGORIES_LOADED':
        return [`await api.answer(${literal(newsCategoriesPath(SCOPE))}, ${literal(NewsCategoryList.encode([...event.categories]))});`];
      case 'CATEGORIES_FAILED':
        return [`await api.fail(${literal(newsCategoriesPath(SCOPE))}, ${finalStatus(event.error)});`];
    }
  },
};
