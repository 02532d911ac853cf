import fc from 'fast-check';
import { absoluteLink, internalPath, safeLink, SitePath } from '../../src/domain/safe-links';
import { SiteSearchAnswer } from '../../src/domain/site-search';
import { hostileLinks as raws } from '../support/hostile-links';
import { runs } from '../support/fuzz-runs';

// Any site a widget may be on: http or https, a host, maybe a port, and the page's own path.
const origins = fc
  .tuple(fc.constantFrom('http', 'https'), fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 }), { nil: undefined }))
  .map(([scheme, host, port]) => new URL(`${scheme}://${host}${port === undefined ? '' : `:${port}`}`).origin);
const pagePaths = fc.constantFrom('/', '/actualites/', '/de/agenda/12/', '/a/b/c?d=e#f');

describe('internalPath', () => {
  it('accepts only what resolves, raw or normalised, to the very site the page is on', () => {
    fc.assert(
      fc.property(raws, origins, pagePaths, (raw, origin, page) => {
        const path = internalPath(raw);
        if (path === null) return;
        const base = `${origin}${page}`;
        expect(new URL(raw, base).origin).toBe(origin);
        expect(new URL(path, base).origin).toBe(origin);
        expect(path.startsWith('/') && !path.startsWith('//')).toBe(true);
      }),
      { numRuns: runs(2000) },
    );
  });

  it('is idempotent: a normalised path is accepted as it is', () => {
    fc.assert(
      fc.property(raws, (raw) => {
        const path = internalPath(raw);
        if (path !== null) expect(internalPath(path)).toBe(path);
      }),
      { numRuns: runs(500) },
    );
  });

  it('refuses every backslash, control character, white space and second leading slash', () => {
    fc.assert(
      fc.property(raws, (raw) => {
        if (/[\\\s\u0000-\u001f\u007f]/.test(raw) || !raw.startsWith('/') || /^\/[/\\]/.test(raw)) expect(internalPath(raw)).toBeNull();
      }),
      { numRuns: runs(500) },
    );
  });

  it.each([
    '/\\evil.example/',
    '//evil.example/',
    '/\tevil.example',
    '/.//evil.example/',
    '/..//evil.example',
    'javascript:alert(1)',
    '\u0000/x',
    '/x\ny',
    'evil.example',
    '',
  ])('keeps %j as text', (raw) => {
    expect(internalPath(raw)).toBeNull();
    expect(safeLink(raw)).toBeNull();
  });

  it.each([
    ['/actualites/', '/actualites/'],
    ['/de/agenda/?categorie=3#liste', '/de/agenda/?categorie=3#liste'],
    ['/a/../b/%2f%2fevil', '/b/%2f%2fevil'],
    ['/actualités/', '/actualit%C3%A9s/'],
  ])('takes the site address %j as %j', (raw, path) => {
    expect(internalPath(raw)).toBe(path);
  });
});

describe('safeLink and absoluteLink', () => {
  it("lead to an http(s) address or to the page's own origin, never elsewhere by a relative trick", () => {
    fc.assert(
      fc.property(raws, origins, (raw, origin) => {
        const href = safeLink(raw);
        if (href !== null) expect(/^https?:\/\//i.test(href) || new URL(href, `${origin}/`).origin === origin).toBe(true);
        const absolute = absoluteLink(raw, `${origin}/page/`);
        if (absolute !== undefined) expect(/^https?:\/\//.test(absolute)).toBe(true);
        if (absolute !== undefined && internalPath(raw) !== null) expect(new URL(absolute).origin).toBe(origin);
      }),
      { numRuns: runs(500) },
    );
  });
});

describe('SitePath, the path of a search result', () => {
  it('decodes exactly what internalPath accepts, to its normalised form', () => {
    fc.assert(
      fc.property(raws, (raw) => {
        const decoded = SitePath.decode(raw);
        const path = internalPath(raw);
        expect(decoded).toEqual(path === null ? expect.objectContaining({ _tag: 'Left' }) : { _tag: 'Right', right: path });
      }),
      { numRuns: runs(500) },
    );
  });

  it('refuses a search answer whose result leads off-site', () => {
    const answer = (path: string) => ({
      query: 'budget',
      groups: [{ kind: 'news', count: 1, results: [{ title: 'Budget', path, match: 'title', date: '2026-06-24' }] }],
    });
    expect(SiteSearchAnswer.decode(answer('/actualites/budget/'))._tag).toBe('Right');
    for (const path of ['/\\evil.example/', '//evil.example/', 'javascript:alert(1)', 'https://evil.example/']) {
      expect(SiteSearchAnswer.decode(answer(path))._tag).toBe('Left');
    }
  });
});
