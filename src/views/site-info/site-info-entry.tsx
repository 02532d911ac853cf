import { isRight } from 'fp-ts/Either';
import * as t from 'io-ts';
import { DATASET_TITLES_ATTRIBUTE, DATASETS, datasetsInOneLanguage, type Dataset } from '../../domain/open-data-catalogue';
import { heldProfileText } from '../shared/profile-text';
import type { WidgetEntry } from '../entries/widget-entry';
import { infoPageOf, SiteInfoView } from './site-info-view';

const DatasetTitles = t.type({ agenda: t.string, directory: t.string, news: t.string, publications: t.string }, 'DatasetTitles');

/**
 * The datasets the open-data page lists: the site profile's titles, agenda and news scope, which the server writes on the container;
 * the demo's where a container names none (a page that no server of this site rendered).
 */
const datasetsOfContainer = (attribute: (name: string) => string | null): readonly Dataset[] => {
  const written = attribute(DATASET_TITLES_ATTRIBUTE);
  const agendaId = attribute('data-agenda-id');
  const newsScope = attribute('data-news-scope');
  if (written === null || agendaId === null || newsScope === null) return DATASETS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(written);
  } catch {
    return DATASETS;
  }
  const titles = DatasetTitles.decode(parsed);
  return isRight(titles) ? datasetsInOneLanguage(titles.right, agendaId, newsScope) : DATASETS;
};

/**
 * The render entry of the pages about the site: no machine, the page named by the container's
 * `data-info`. The legal notice and the privacy statement are the institution's own texts, taken
 * from the widget's answers (the server's site profile, embedded in the page), so that both sides render the same.
 */
export const siteInfoEntry: WidgetEntry = {
  name: 'site-info',
  wake: 'intent',
  create: ({ attribute, api }) => {
    const page = infoPageOf(attribute('data-info'));
    const text = page === 'legal' ? heldProfileText(api, 'legalNotice') : page === 'privacy' ? heldProfileText(api, 'privacy') : null;
    return { element: <SiteInfoView page={page} text={text} datasets={page === 'data' ? datasetsOfContainer(attribute) : DATASETS} /> };
  },
};
