import { clockIn } from '@centric/contracts';
import { formatDate } from '../../../lib/format.ts';

/** The wall clock of the firm's time zone at an instant: its day (yyyy-MM-dd) and time (HH:mm). */
export const firmClock = (instant: string, timeZone: string): { day: string; time: string } => {
  const { day, time } = clockIn(timeZone, new Date(instant));
  return { day, time: time.slice(0, 5) };
};

/**
 * The instant (ISO, UTC) at which the firm's clock shows `day` `time` (HH:mm): the zone's offset is read at
 * a first guess and read again there, so the days a clock changes come out right. '' when either is missing.
 */
export const firmInstant = (day: string, time: string, timeZone: string): string => {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const clock = /^(\d{2}):(\d{2})$/.exec(time);
  if (!date || !clock) return '';
  const wall = Date.UTC(
    Number(date[1]),
    Number(date[2]) - 1,
    Number(date[3]),
    Number(clock[1]),
    Number(clock[2]),
  );
  const offsetAt = (at: number) => {
    const shown = firmClock(new Date(at).toISOString(), timeZone);
    const [y, m, d] = shown.day.split('-').map(Number);
    const [h, min] = shown.time.split(':').map(Number);
    return Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0) - at;
  };
  let at = wall - offsetAt(wall);
  at = wall - offsetAt(at);
  return new Date(at).toISOString();
};

const twelveHour = (time: string): string => {
  const [h = 0, m = 0] = time.split(':').map(Number);
  const suffix = h < 12 ? 'AM' : 'PM';
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${suffix}`;
};

/** "03/04/2026, 10:00 AM – 11:30 AM EST" in the firm's time zone (the end's date too when it differs). */
export const formatMeetingWhen = (startsAt: string, endsAt: string, timeZone: string): string => {
  const start = clockIn(timeZone, new Date(startsAt));
  const end = clockIn(timeZone, new Date(endsAt));
  const endText =
    end.day === start.day ? twelveHour(end.time) : `${formatDate(end.day)}, ${twelveHour(end.time)}`;
  return `${formatDate(start.day)}, ${twelveHour(start.time)} – ${endText} ${end.zone}`;
};
