import type { MeetingStatus } from '@centric/contracts';

/**
 * One meeting as an iCalendar file (RFC 5545): CRLF line ends, content lines folded at 75 octets (never
 * inside a UTF-8 character), TEXT values escaped (backslash, semicolon, comma, newline), times in UTC.
 */

export type IcsMeeting = {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  location: string | null;
  videoUrl: string | null;
  status: MeetingStatus;
  updatedAt: Date;
  organizer: { fullName: string; email: string };
  attendees: ReadonlyArray<{ fullName: string; email: string }>;
  householdName: string | null;
};

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped, a newline written as \n. */
export const escapeText = (value: string) =>
  value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');

/** A parameter value (CN): quoted, without the characters a quoted value cannot hold. */
const paramValue = (value: string) =>
  `"${[...value].filter((c) => c !== '"' && c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f).join('')}"`;

/** RFC 5545 §3.3.5: UTC date-time form, 20260304T150000Z. */
export const icsUtc = (at: Date) =>
  at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** RFC 5545 §3.1: a line longer than 75 octets continues on lines starting with one space. */
export const foldLine = (line: string) => {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // The first line holds 75 octets; each continuation holds 74 after its leading space.
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
};

/** Held → CONFIRMED (it took place), Cancelled → CANCELLED, Upcoming → CONFIRMED, Postponed → TENTATIVE. */
export const ICS_STATUS: Readonly<Record<MeetingStatus, string>> = {
  UPCOMING: 'CONFIRMED',
  HELD: 'CONFIRMED',
  CANCELLED: 'CANCELLED',
  POSTPONED: 'TENTATIVE',
};

const mailto = (email: string) => `mailto:${email.replace(/[\s"]/g, '')}`;

export const meetingIcs = (meeting: IcsMeeting, stamp: Date, host: string): string => {
  const description = [meeting.householdName ? `Household: ${meeting.householdName}` : null, meeting.videoUrl]
    .filter((x): x is string => Boolean(x))
    .join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Centric//Meetings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${meeting.id}@${host}`,
    `DTSTAMP:${icsUtc(stamp)}`,
    `LAST-MODIFIED:${icsUtc(meeting.updatedAt)}`,
    `DTSTART:${icsUtc(meeting.startsAt)}`,
    `DTEND:${icsUtc(meeting.endsAt)}`,
    `SUMMARY:${escapeText(meeting.title)}`,
    ...(meeting.location ? [`LOCATION:${escapeText(meeting.location)}`] : []),
    ...(meeting.videoUrl ? [`URL:${meeting.videoUrl}`] : []),
    ...(description ? [`DESCRIPTION:${escapeText(description)}`] : []),
    `STATUS:${ICS_STATUS[meeting.status]}`,
    `ORGANIZER;CN=${paramValue(meeting.organizer.fullName)}:${mailto(meeting.organizer.email)}`,
    ...meeting.attendees.map(
      (a) => `ATTENDEE;CN=${paramValue(a.fullName)};ROLE=REQ-PARTICIPANT:${mailto(a.email)}`,
    ),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
};
