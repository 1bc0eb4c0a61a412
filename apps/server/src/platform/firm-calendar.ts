import { todayIn } from '@centric/contracts';

/** Today's date (yyyy-MM-dd) in the firm's time zone: the one "today" of every server date rule. */
export type FirmToday = () => string;

/** "Today" in FIRM_TIME_ZONE at the instant `now()` answers (the app's clock). */
export const firmToday =
  (timeZone: string, now: () => Date): FirmToday =>
  () =>
    todayIn(timeZone, now());
