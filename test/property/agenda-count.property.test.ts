import fc from 'fast-check';
import { agendaCount } from '../../src/domain/agenda-count';
import { DESCRIPTION_LENGTH, eventDescription, trimAtWord } from '../../src/domain/agenda-description';
import { activeFilterCount } from '../../src/domain/agenda-filters';
import { QUICK_RANGES } from '../../src/domain/agenda-window';
import { runs } from '../support/fuzz-runs';

const total = fc.option(fc.nat({ max: 500 }), { nil: null });

describe("the agenda's count", () => {
  it('states the total the API reports, never fewer than shown, and how many are shown only when fewer are', () => {
    fc.assert(
      fc.property(total, total, fc.boolean(), fc.nat({ max: 500 }), (upcoming, past, withPast, shown) => {
        const count = agendaCount({ upcoming, past, withPast }, shown);
        const reported = withPast ? (upcoming === null || past === null ? null : upcoming + past) : upcoming;
        expect(count.total).toBe(reported === null ? shown : Math.max(reported, shown));
        expect(count.shown).toBe(shown < count.total ? shown : null);
      }),
      { numRuns: runs(300) },
    );
  });

  it('says "58, 50 shown" for the first page of 58 upcoming events, and the past only once it is shown', () => {
    expect(agendaCount({ upcoming: 58, past: null, withPast: false }, 50)).toEqual({ total: 58, shown: 50 });
    expect(agendaCount({ upcoming: 58, past: 40, withPast: true }, 70)).toEqual({ total: 98, shown: 70 });
    expect(agendaCount({ upcoming: 58, past: 40, withPast: false }, 58)).toEqual({ total: 58, shown: null });
  });
});

describe("an event page's description", () => {
  const words = fc.array(fc.stringMatching(/^[a-zà-ü]{1,12}$/), { minLength: 0, maxLength: 60 }).map((list) => list.join(' '));

  it('trims a text at a word end, within the length, with an ellipsis only when it cut', () => {
    fc.assert(
      fc.property(words, fc.integer({ min: 10, max: 200 }), (text, max) => {
        const trimmed = trimAtWord(text, max);
        expect(trimmed.length).toBeLessThanOrEqual(max);
        if (text.length <= max) expect(trimmed).toBe(text);
        else {
          expect(trimmed.endsWith('…')).toBe(true);
          // What is kept is whole words of the text, from its start.
          const kept = trimmed.slice(0, -1);
          expect(text.startsWith(kept)).toBe(true);
          // Cut at a word's end, unless the first word alone is longer than the room.
          const firstWord = text.indexOf(' ');
          if (firstWord > 0 && firstWord <= max - 1) expect([' ', undefined]).toContain(text[kept.length]);
        }
      }),
      { numRuns: runs(300) },
    );
  });

  it('starts with the date, then the place, and stays within 160 characters when they leave room', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('samedi 12 décembre 2026', 'Samstag, 12. Dezember 2026, 19:00'),
        fc.option(fc.constantFrom('Aula du Gymnase, Delémont', 'Château.')),
        words,
        (when, place, text) => {
          const description = eventDescription(when, place, text);
          expect(description.startsWith(place ? `${when}, ${place.replace(/\.$/, '')}` : when)).toBe(true);
          expect(description.length).toBeLessThanOrEqual(DESCRIPTION_LENGTH);
          if (text.trim() !== '') expect(description.length).toBeGreaterThan(when.length);
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('says the date, the place and the start of a long text', () => {
    const text = `Conférence de presse du Conseil d’État. ${'Entrée libre, inscription souhaitée. '.repeat(8)}`;
    const description = eventDescription('samedi 12 décembre 2026', 'Aula du Gymnase, Delémont', text);
    expect(description).toMatch(/^samedi 12 décembre 2026, Aula du Gymnase, Delémont\. Conférence de presse du Conseil d’État\. Entrée libre, .*…$/);
    expect(description.length).toBeLessThanOrEqual(160);
  });
});

describe("the filters' count", () => {
  it('counts each category, and the month, the title and the range when set', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.constantFrom('1', '2', '3', '4'), { maxLength: 4 }),
        fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
        fc.option(fc.constantFrom('', '  ', 'séance'), { nil: null }),
        fc.option(fc.constantFrom(...QUICK_RANGES), { nil: null }),
        (categories, month, title, range) => {
          const expected = categories.length + (month === null ? 0 : 1) + (title !== null && title.trim() !== '' ? 1 : 0) + (range === null ? 0 : 1);
          expect(activeFilterCount({ categories, month, title, range })).toBe(expected);
        },
      ),
      { numRuns: runs(200) },
    );
  });
});
