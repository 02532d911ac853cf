import type { AgendaEvent } from '../../src/domain/agenda';
import { agendaEvents, dedupeById, firstEvents, groupByYearMonth } from '../../src/domain/agenda-grouping';

const event = (id: string, bel_date: string, start_time?: string): AgendaEvent => ({
  id,
  bel_date,
  title: `Événement ${id}`,
  ...(start_time === undefined ? {} : { start_time }),
});

// Two months of 2026, then one of 2027: three, two and one events. Grouped in each test, not when the
// file loads: Stryker counts code run outside any test as covered by none.
const agenda = () =>
  groupByYearMonth([
    event('1', '2026-11-02'),
    event('2', '2026-11-03'),
    event('3', '2026-11-04'),
    event('4', '2026-12-01'),
    event('5', '2026-12-02'),
    event('6', '2027-01-05'),
  ]);

describe('groupByYearMonth', () => {
  it('orders by day, then time with the untimed last, keeping the given order of equal ones', () => {
    const same = ['a', 'b', 'c', 'd'].map((id) => event(id, '2026-11-02', '10:00'));
    expect(agendaEvents(groupByYearMonth(same)).map(({ id }) => id)).toStrictEqual(['a', 'b', 'c', 'd']);
    expect(agendaEvents(groupByYearMonth([...same].reverse())).map(({ id }) => id)).toStrictEqual(['d', 'c', 'b', 'a']);
    const day = [event('late', '2026-11-02', '18:00'), event('untimed', '2026-11-02'), event('early', '2026-11-02', '08:00'), event('before', '2026-11-01')];
    expect(agendaEvents(groupByYearMonth(day)).map(({ id }) => id)).toStrictEqual(['before', 'early', 'late', 'untimed']);
  });

  it('puts each event in its year and month', () => {
    expect(agenda().map(({ year, months }) => [year, months.map(({ month, events }) => [month, events.map(({ id }) => id)])])).toStrictEqual([
      [
        2026,
        [
          [11, ['1', '2', '3']],
          [12, ['4', '5']],
        ],
      ],
      [2027, [[1, ['6']]]],
    ]);
  });

  it('keeps the first event of an id', () => {
    expect(dedupeById([event('1', '2026-11-02'), event('1', '2026-11-03'), event('2', '2026-11-04')]).map(({ bel_date }) => bel_date)).toStrictEqual([
      '2026-11-02',
      '2026-11-04',
    ]);
  });
});

describe('firstEvents', () => {
  it('gives nothing for a count of 0', () => {
    expect(firstEvents(agenda(), 0)).toStrictEqual([]);
  });

  it('stops at a month’s end without an empty month or year after it', () => {
    const AGENDA = agenda();
    const first = firstEvents(AGENDA, 3);
    expect(first).toHaveLength(1);
    expect(first[0]!.months).toHaveLength(1);
    expect(first[0]!.months[0]).toBe(AGENDA[0]!.months[0]);
    const firstYear = firstEvents(AGENDA, 5);
    expect(firstYear).toHaveLength(1);
    expect(firstYear[0]).toBe(AGENDA[0]);
  });

  it('cuts a month inside, in a new month and year of the same numbers', () => {
    const AGENDA = agenda();
    const cut = firstEvents(AGENDA, 4);
    expect(cut.map(({ year, months }) => [year, months.map(({ month, events }) => [month, events.map(({ id }) => id)])])).toStrictEqual([
      [
        2026,
        [
          [11, ['1', '2', '3']],
          [12, ['4']],
        ],
      ],
    ]);
    expect(cut[0]).not.toBe(AGENDA[0]);
    expect(cut[0]!.months[0]).toBe(AGENDA[0]!.months[0]);
  });

  it('gives the whole agenda, the same years, for a count beyond it', () => {
    const AGENDA = agenda();
    const all = firstEvents(AGENDA, 10);
    expect(all).toStrictEqual(AGENDA);
    all.forEach((year, index) => expect(year).toBe(AGENDA[index]));
  });
});
