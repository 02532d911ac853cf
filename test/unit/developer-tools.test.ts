/**
 * @jest-environment jsdom
 */
import fc from 'fast-check';
import { keepToolParameters, writeSearch } from '../../src/services/history-service';
import { inspectorAbsentNotice } from '../../src/views/island-runtime';
import { runs } from '../support/fuzz-runs';

// `?journal` records a visitor's session: a filter change that rewrote the query without it
// would stop the recording's address from saying so, and a reload would lose the panel.
const filterPart = fc.constantFrom('categorie=3', 'categorie=1', 'q=h%C3%A9l%C3%A8ne', 'mois=12', 'periode=passe', 'page=2', 'q=a+b');
const filterSearch = fc.array(filterPart, { maxLength: 4 }).map((parts) => (parts.length === 0 ? '' : `?${parts.join('&')}`));
const toolPart = fc.constantFrom('journal', 'journal=', 'inspect', 'inspect=ws%3A%2F%2Flocalhost%3A8082');

describe('the address keeps the developer tools across filter changes', () => {
  it('adds the current address’s journal and inspect parameters after the filters’ query, which it leaves as written', () => {
    fc.assert(
      fc.property(filterSearch, filterSearch, fc.uniqueArray(toolPart, { maxLength: 2, selector: (part) => part.split('=')[0] }), (next, before, tools) => {
        const current = `${before}${before === '' ? '?' : '&'}${tools.join('&')}`;
        const written = keepToolParameters(next, tools.length === 0 ? before : current);
        expect(written.startsWith(next)).toBe(true);
        const added = written.slice(next.length).replace(/^[?&]/, '');
        expect(added === '' ? [] : added.split('&')).toEqual(tools);
        // Written again, nothing more is added.
        expect(keepToolParameters(written, current)).toBe(written);
      }),
      { numRuns: runs(300) },
    );
  });

  it('writes ?categorie=3&journal when a filter changes on a page opened with ?journal', () => {
    window.history.replaceState(null, '', '/actualites/?journal#liste');
    writeSearch('push', '?categorie=3');
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/actualites/?categorie=3&journal#liste');
    writeSearch('replace', '');
    expect(window.location.search).toBe('?journal');
    window.history.replaceState(null, '', '/actualites/');
    writeSearch('replace', '?categorie=2');
    expect(window.location.search).toBe('?categorie=2');
  });
});

describe('?inspect in a build without the inspector', () => {
  it('says so in one line, naming where the inspector is, only in production and only when asked', () => {
    const notice = inspectorAbsentNotice('?inspect', true);
    expect(notice).toMatch(/^\?inspect: a production build has no XState inspector; run `npm run dev`/);
    expect(notice).not.toContain('\n');
    expect(inspectorAbsentNotice('?categorie=3&inspect=ws%3A%2F%2Flocalhost%3A8082', true)).toBe(notice);
    expect(inspectorAbsentNotice('?inspect', false)).toBeNull();
    expect(inspectorAbsentNotice('?journal', true)).toBeNull();
  });
});
