import { NOTE_CATEGORIES, NOTE_CATEGORY_LABELS, type NoteCategory } from '@centric/contracts';

/** Spec §4: a new note is General unless the writer picks another category. */
export const DEFAULT_NOTE_CATEGORY: NoteCategory = 'GENERAL';

/** The categories as Select options, in the spec's order (Follow Up, General, Personal, Phone, Email, Misc). */
export const NOTE_CATEGORY_OPTIONS = NOTE_CATEGORIES.map((value) => ({
  value,
  label: NOTE_CATEGORY_LABELS[value],
}));

export const isNoteCategory = (value: string | null): value is NoteCategory =>
  (NOTE_CATEGORIES as readonly (string | null)[]).includes(value);

/** Each category's badge colour, so a list can be scanned by kind. */
export const NOTE_CATEGORY_COLORS: Record<NoteCategory, string> = {
  FOLLOW_UP: 'orange',
  GENERAL: 'gray',
  PERSONAL: 'grape',
  PHONE: 'teal',
  EMAIL: 'blue',
  MISC: 'indigo',
};

/**
 * A note's time as the spec shows dates and times, on the firm's clock: "03/04/2026 2:15 PM" (MM/dd/yyyy
 * h:mm a in FIRM_TIME_ZONE, whatever the browser's zone). '' for an invalid instant.
 */
export const formatNoteTime = (instant: string, timeZone: string): string => {
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return '';
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('month')}/${part('day')}/${part('year')} ${part('hour')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`;
};
