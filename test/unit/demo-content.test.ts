import fc from 'fast-check';
import { zurichToday } from '../../src/domain/calendar-days';
import { buildDemoContent, DEMO_DEFAULTS, demoLabel, EMBLEM_COUNT, emblemDescription } from '../../server/operations/demo-content';
import { runs } from '../support/fuzz-runs';

// The demo is what a visitor of the reference site reads first: a newsroom publishes nothing ahead
// of time, a text never names a date its own publication day contradicts, and an image's
// description says what the picture shows, not the heading beside it again.

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const DAY_MS = 86400000;
// "le 15 octobre", "au 1er janvier 2028", "le lundi 20 avril": a day of a month, a weekday and a year when given.
const DATE_MENTION = new RegExp(`(?:(${WEEKDAYS.join('|')}) )?(1er|\\d{1,2}) (${MONTHS.join('|')})(?: (\\d{4}))?`, 'gu');

/** Every date a text names, as the first such day on or after `from` (or in its year when written). */
const mentionedDays = (text: string, from: number): { readonly said: string; readonly day: number; readonly weekday: string | undefined }[] =>
  [...text.matchAll(DATE_MENTION)].map(([said, weekday, dayOfMonth, month, year]) => {
    const date = dayOfMonth === '1er' ? 1 : Number(dayOfMonth);
    const monthIndex = MONTHS.indexOf(month!);
    const fromYear = new Date(from).getUTCFullYear();
    const inYear = (y: number): number => Date.UTC(y, monthIndex, date);
    const day = year !== undefined ? inYear(Number(year)) : inYear(fromYear) >= from ? inYear(fromYear) : inYear(fromYear + 1);
    return { said, day, weekday };
  });

// Any instant of three years: the demo is seeded on any day.
const instant = fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31, 23) });

describe('the demo news', () => {
  it('are never dated after the day of the seed, and keep their number', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const { news } = buildDemoContent(DEMO_DEFAULTS, now);
        const today = zurichToday(now);
        expect(news).toHaveLength(DEMO_DEFAULTS.news);
        expect(news.filter((item) => item.date > today).map((item) => item.date)).toEqual([]);
      }),
      { numRuns: runs(12) },
    );
  });

  it('name no date their publication day contradicts: what is announced lies ahead, within the season, on the weekday said', () => {
    fc.assert(
      fc.property(instant, (now) => {
        for (const item of buildDemoContent(DEMO_DEFAULTS, now).news) {
          const published = Date.parse(`${item.date}T00:00:00Z`);
          for (const mention of mentionedDays(`${item.lead} ${item.body}`, published - 7 * DAY_MS)) {
            const context = { id: item.id, date: item.date, said: mention.said };
            // A day without its year is near: a campaign "dès le 15 octobre" dated 15 December would point ten months ahead.
            if (!/\d{4}$/.test(mention.said)) expect({ ...context, daysAhead: (mention.day - published) / DAY_MS <= 120 }).toEqual({ ...context, daysAhead: true });
            else expect({ ...context, ahead: mention.day >= published }).toEqual({ ...context, ahead: true });
            if (mention.weekday !== undefined)
              expect({ ...context, weekday: WEEKDAYS[new Date(mention.day).getUTCDay()] }).toEqual({ ...context, weekday: mention.weekday });
          }
        }
      }),
      { numRuns: runs(6) },
    );
  });

  it('never show one title twice in a row in a scope, newest first as the lists show them', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const { news } = buildDemoContent(DEMO_DEFAULTS, now);
        for (const scope of ['actualites', 'communiques']) {
          const titles = news
            .filter((item) => item.scope === scope)
            .sort((a, b) => (a.date === b.date ? b.id - a.id : a.date < b.date ? 1 : -1))
            .map((item) => item.title);
          const repeated = titles.flatMap((title, index) => (titles.slice(Math.max(0, index - 3), index).includes(title) ? [`${index}: ${title}`] : []));
          expect(repeated).toEqual([]);
        }
      }),
      { numRuns: runs(8) },
    );
  });

  it('publish every article in the site’s scope, the seasonal ones included', () => {
    fc.assert(
      fc.property(instant, (now) => {
        const { news } = buildDemoContent(DEMO_DEFAULTS, now);
        const titles = new Set(news.filter((item) => item.scope === 'actualites').map((item) => item.title));
        expect(titles.size).toBe(new Set(news.map((item) => item.title)).size);
        expect(titles).toContain('Le Conseil d’État présente son budget');
      }),
      { numRuns: runs(8) },
    );
  });

  it('say when the flu campaign opens: the day of the item', () => {
    const vaccination = buildDemoContent(DEMO_DEFAULTS, Date.UTC(2026, 10, 27, 12)).news.filter(
      (item) => item.title === 'La vaccination contre la grippe est ouverte',
    );
    expect(vaccination.length).toBeGreaterThan(0);
    for (const item of vaccination) {
      const [, month, day] = item.date.split('-').map(Number) as [number, number, number];
      expect(item.lead).toMatch(new RegExp(`^Dès le ${day === 1 ? '1er' : day} ${MONTHS[month - 1]},`));
      expect([10, 11]).toContain(month);
    }
  });

  it('describe their pictures by what they show, never by repeating the title', () => {
    const content = buildDemoContent(DEMO_DEFAULTS, Date.UTC(2026, 10, 27, 12));
    for (const item of [...content.news, ...content.shop_items]) {
      expect(item.image_alt).not.toMatch(/^(Illustration|Couverture)\b/);
      expect(item.image_alt).not.toContain(item.title);
      expect(item.image_alt).toMatch(/^Écusson partagé verticalement, .+ à gauche et .+ à droite, avec une étoile blanche au centre$/);
    }
    // Each emblem's own colours: its description names the two halves the picture has.
    expect(emblemDescription(1)).toBe('Écusson partagé verticalement, bordeaux à gauche et brun à droite, avec une étoile blanche au centre');
    expect(new Set(Array.from({ length: EMBLEM_COUNT }, (_, index) => emblemDescription(index + 1))).size).toBeGreaterThan(1);
  });

  it('are the same for the same day, and the label names that day, so a stored copy of another day is rebuilt', () => {
    const now = Date.UTC(2026, 10, 27, 12);
    expect(buildDemoContent(DEMO_DEFAULTS, now)).toEqual(buildDemoContent(DEMO_DEFAULTS, now + 3_600_000));
    expect(demoLabel(DEMO_DEFAULTS, now)).toMatch(/:news-until=2026-11-27$/);
    expect(demoLabel(DEMO_DEFAULTS, now)).not.toBe(demoLabel(DEMO_DEFAULTS, now + DAY_MS));
  });
});
