import { agendaFeedPath, calendarAddresses, feedFiltersOf, newsFeedPath } from '../../src/domain/feed-addresses';
import { decodeFeedToken, encodeFeedToken, MAX_FEED_CATEGORIES, MAX_FEED_TITLE, MAX_FEED_TOKEN_LENGTH, sameFeedFilters } from '../../src/domain/feed-token';

const MAX_ID = 2147483647;
const ids = (count: number): string[] => Array.from({ length: count }, (_, index) => String(index + 1));

describe('encodeFeedToken', () => {
  it('writes the categories as numbers, sorted, each once, leading zeros dropped', () => {
    expect(encodeFeedToken({ categories: ['7', '007', '3', '10'], title: null })).toStrictEqual({ ok: true, token: '3.7.10' });
    expect(encodeFeedToken({ categories: ['0'], title: null })).toStrictEqual({ ok: false, problem: 'not-a-category' });
  });

  it('takes the largest database id and refuses the next', () => {
    expect(encodeFeedToken({ categories: [String(MAX_ID)], title: null })).toStrictEqual({ ok: true, token: String(MAX_ID) });
    expect(encodeFeedToken({ categories: [String(MAX_ID + 1)], title: null })).toStrictEqual({ ok: false, problem: 'not-a-category' });
  });

  it('holds at most 50 categories', () => {
    expect(MAX_FEED_CATEGORIES).toBe(50);
    expect(encodeFeedToken({ categories: ids(50), title: null }).ok).toBe(true);
    expect(encodeFeedToken({ categories: ids(51), title: null })).toStrictEqual({ ok: false, problem: 'too-many-categories' });
  });

  it('holds a title of at most 200 characters, and a token of at most 160', () => {
    expect([MAX_FEED_TITLE, MAX_FEED_TOKEN_LENGTH]).toStrictEqual([200, 160]);
    expect(encodeFeedToken({ categories: [], title: 'a'.repeat(159) })).toStrictEqual({ ok: true, token: `~${'a'.repeat(159)}` });
    expect(encodeFeedToken({ categories: [], title: 'a'.repeat(160) })).toStrictEqual({ ok: false, problem: 'too-long' });
    expect(encodeFeedToken({ categories: [], title: 'a'.repeat(200) })).toStrictEqual({ ok: false, problem: 'too-long' });
    expect(encodeFeedToken({ categories: [], title: 'a'.repeat(201) })).toStrictEqual({ ok: false, problem: 'title-too-long' });
    expect(encodeFeedToken({ categories: [], title: 'a\u0000' })).toStrictEqual({ ok: false, problem: 'title-not-searchable' });
  });

  it('writes a title in its searched form: letters and digits as they are, a space as -, anything else escaped', () => {
    expect(encodeFeedToken({ categories: ['2'], title: 'Fête 2026!' })).toStrictEqual({ ok: true, token: '2~fete-2026_21_' });
    expect(encodeFeedToken({ categories: [], title: '' })).toStrictEqual({ ok: true, token: '~' });
    expect(encodeFeedToken({ categories: [], title: null })).toStrictEqual({ ok: true, token: '' });
  });
});

describe('decodeFeedToken', () => {
  it('reads back the categories and the title of a canonical token', () => {
    expect(decodeFeedToken('3.7~fete-de-la-musique')).toStrictEqual({ ok: true, filters: { categories: ['3', '7'], title: 'fete de la musique' } });
    expect(decodeFeedToken('~a_21_')).toStrictEqual({ ok: true, filters: { categories: [], title: 'a!' } });
    expect(decodeFeedToken(`~${'a'.repeat(159)}`)).toStrictEqual({ ok: true, filters: { categories: [], title: 'a'.repeat(159) } });
  });

  it('refuses a token too long, empty or out of the grammar as such', () => {
    expect(decodeFeedToken(`~${'a'.repeat(160)}`)).toStrictEqual({ ok: false, problem: 'too-long' });
    for (const token of ['', 'x', '3.', '.3', '03', '3~A', '3 7'])
      expect({ token, decoded: decodeFeedToken(token) }).toStrictEqual({ token, decoded: { ok: false, problem: 'malformed' } });
  });

  it('refuses an escape that is unclosed, not hexadecimal, padded, or no character', () => {
    for (const token of ['~_41', '~_g41_', '~_41g_', '~_041_', '~__', '~_110000_', '~_d800_', '~_dfff_', '~_1234567_']) {
      expect({ token, decoded: decodeFeedToken(token) }).toStrictEqual({ token, decoded: { ok: false, problem: 'malformed' } });
    }
  });

  it('reads an escape of any character, up to the last code point, around the surrogates', () => {
    expect(decodeFeedToken('~_10ffff_')).toStrictEqual({ ok: true, filters: { categories: [], title: '\u{10ffff}' } });
    expect(decodeFeedToken('~_d7ff_')).toStrictEqual({ ok: true, filters: { categories: [], title: '\ud7ff' } });
    expect(decodeFeedToken('~_e000_')).toStrictEqual({ ok: true, filters: { categories: [], title: '\ue000' } });
  });

  it('refuses a token that is not the canonical one of what it names', () => {
    for (const token of ['7.3', '3.3', '~_61_', '~_20_'])
      expect({ token, decoded: decodeFeedToken(token) }).toStrictEqual({ token, decoded: { ok: false, problem: 'not-canonical' } });
  });

  it('refuses a token of filters no feed has', () => {
    expect(decodeFeedToken(ids(51).join('.'))).toStrictEqual({ ok: false, problem: 'too-many-categories' });
  });
});

describe('sameFeedFilters', () => {
  it('is true for filters that name one feed, false otherwise or when either has none', () => {
    expect(sameFeedFilters({ categories: ['3', '7'], title: 'Fête' }, { categories: ['07', '3', '3'], title: 'fete' })).toBe(true);
    expect(sameFeedFilters({ categories: ['3'], title: null }, { categories: ['3'], title: '' })).toBe(false);
    expect(sameFeedFilters({ categories: ['x'], title: null }, { categories: ['x'], title: null })).toBe(false);
    expect(sameFeedFilters({ categories: ['3'], title: null }, { categories: ['x'], title: null })).toBe(false);
  });
});

describe('the feeds’ addresses', () => {
  it('follow the agenda’s categories and title, an empty title being none', () => {
    expect(feedFiltersOf({ categories: ['3'], title: '' })).toStrictEqual({ categories: ['3'], title: null });
    expect(feedFiltersOf({ categories: [], title: null })).toStrictEqual({ categories: [], title: null });
    expect(feedFiltersOf({ categories: [], title: 'x' })).toStrictEqual({ categories: [], title: 'x' });
  });

  it('name the plain feed without a token, a filtered one with it, and none for what the server cannot name', () => {
    expect(agendaFeedPath('5', { categories: [], title: null })).toBe('/flux/agenda/5.ics');
    expect(agendaFeedPath('5', { categories: ['3'], title: null })).toBe('/flux/agenda/5/3.ics');
    expect(agendaFeedPath('05', { categories: [], title: null })).toBeNull();
    expect(agendaFeedPath('5', { categories: ['x'], title: null })).toBeNull();
    expect(newsFeedPath('actualites', [])).toBe('/flux/actualites/actualites.atom');
    expect(newsFeedPath('actualites', ['3', '1'])).toBe('/flux/actualites/actualites/1.3.atom');
    expect(newsFeedPath('Actualites', [])).toBeNull();
    expect(newsFeedPath('actualites', ['x'])).toBeNull();
  });

  it('are absolute on the site, and webcal: for calendar applications, whatever the scheme', () => {
    expect(calendarAddresses('https://www.canton.example//', '/flux/agenda/5.ics')).toStrictEqual({
      https: 'https://www.canton.example/flux/agenda/5.ics',
      webcal: 'webcal://www.canton.example/flux/agenda/5.ics',
    });
    expect(calendarAddresses('http://localhost:8081', '/flux/agenda/5.ics').webcal).toBe('webcal://localhost:8081/flux/agenda/5.ics');
  });
});
