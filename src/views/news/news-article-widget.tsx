import type { MountWidget } from '../widget';
import { mountLive } from '../entries/live-answers';
import { newsArticleEntry } from './news-article-entry';
import '../shared/widgets.css';
import './news.css';

/** Mounts a news item's page into its container (`data-widget="news-article"`), the item named by the page address. */
export const mountWidget: MountWidget = mountLive(newsArticleEntry);
