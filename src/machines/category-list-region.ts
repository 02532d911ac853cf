/**
 * The region that loads a feature's category list, shared by the directory, the agenda and
 * the news: its machine names the actor `loadCategories` and the actions `storeCategories`
 * and `storeError`. A failed list is asked for again by RETRY.
 */
export const CATEGORY_LIST_REGION = {
  initial: 'loading',
  states: {
    loading: {
      invoke: { src: 'loadCategories' },
      on: {
        CATEGORIES_LOADED: { target: 'ready', actions: 'storeCategories' },
        CATEGORIES_FAILED: { target: 'failed', actions: 'storeError' },
      },
    },
    ready: {},
    failed: { on: { RETRY: 'loading' } },
  },
} as const;
