import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  ANSWER_CACHE_LIMITS,
  ERROR_PAGE_CACHE_LIMITS,
  EXPORT_CACHE_LIMITS,
  FEED_CACHE_LIMITS,
  PAGE_CACHE_LIMITS,
  SITEMAP_CACHE_LIMITS,
  type CacheLimits,
} from '../../server/cache/cache-limits';

// Issue 31: the README stated caches of 64/256/64/32 MB while the code kept 8/12/4/4 MB. The
// sizes are the code's, stated once in docs/operations.md; nothing else may state others.

const root = resolve(__dirname, '../..');
const read = (path: string): string => readFileSync(join(root, path), 'utf8').replace(/\s+/g, ' ');

const CACHES: readonly (readonly [string, CacheLimits])[] = [
  ['API answers', ANSWER_CACHE_LIMITS],
  ['rendered pages and fragments', PAGE_CACHE_LIMITS],
  ['error pages', ERROR_PAGE_CACHE_LIMITS],
  ['feeds', FEED_CACHE_LIMITS],
  ['exports', EXPORT_CACHE_LIMITS],
  ['sitemaps', SITEMAP_CACHE_LIMITS],
];

const megabytes = (limits: CacheLimits): number => limits.bytes / 2 ** 20;

describe('the cache sizes the documentation states', () => {
  it('are the code’s, in the operations guide', () => {
    const guide = read('docs/operations.md');
    for (const [name, limits] of CACHES) {
      const entries = limits.entries.toLocaleString('en-US');
      expect(guide).toContain(`${name} ${entries}${name === 'API answers' ? ' entries' : ''} or ${megabytes(limits)} MB`);
    }
  });

  it('are left to the guide by the README, which states none of its own', () => {
    const sentences = read('README.md')
      .split(/(?<=[.:;])\s/)
      .filter((text) => /\bcache/i.test(text) && /\b\d+ ?MB\b/.test(text));
    expect(sentences).toEqual([]);
  });
});
