import { MAX_PAGE_SIZE } from './paging';

/**
 * A container's `data-page-size`: a whole number from 1 to MAX_PAGE_SIZE, or, when it is missing
 * or anything else, the widget's own size (a content system's typo never breaks a page).
 */
export const pageSizeOf = (attribute: string | null, fallback: number): number => {
  const size = /^\s*\d{1,3}\s*$/.test(attribute ?? '') ? Number(attribute) : Number.NaN;
  return size >= 1 && size <= MAX_PAGE_SIZE ? size : fallback;
};
