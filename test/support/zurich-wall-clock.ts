// Zurich's wall clock as Intl reads it, written apart from the domain's own arithmetic (src/domain/calendar-days.ts) so that properties can compare the two.
const format = (withSeconds: boolean): Intl.DateTimeFormat =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/Zurich',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    ...(withSeconds ? { second: '2-digit' } : {}),
  });
const TO_MINUTE = format(false);
const TO_SECOND = format(true);

/** The wall time in Zurich of an instant (ms), as Intl formats it: `2026-03-29T03:00`, with `:ss` when `seconds` is asked. */
export const intlZurichWall = (at: number, { seconds = false }: { readonly seconds?: boolean } = {}): string => {
  const parts = (seconds ? TO_SECOND : TO_MINUTE).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((item) => item.type === type)?.value ?? '';
  const minute = `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
  return seconds ? `${minute}:${part('second')}` : minute;
};
