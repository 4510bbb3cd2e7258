/**
 * Dates in exports are shown as the wall-clock time of one time zone (Africa/Douala
 * unless asked otherwise): Excel has no time zones, so an instant is turned into the
 * local date and time the company reads on its clocks.
 */
export const DEFAULT_EXPORT_TIME_ZONE = 'Africa/Douala';

const HOUR_MS = 3_600_000;

/** Whether the runtime knows this IANA zone name. */
export function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * Shifts instants to the zone's wall clock. Offsets only change on the hour (or half
 * hour) in every zone in use, so one Intl lookup per hour of data is enough: a million
 * rows cost a few hundred lookups, not a million.
 */
export class WallClock {
  private readonly offsets = new Map<number, number>();
  private readonly parts: Intl.DateTimeFormat;

  constructor(readonly timeZone: string = DEFAULT_EXPORT_TIME_ZONE) {
    this.parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  }

  /** The zone's offset from UTC at this instant, in milliseconds. */
  offsetAt(ms: number): number {
    const hour = Math.floor(ms / HOUR_MS);
    let offset = this.offsets.get(hour);
    if (offset === undefined) {
      const at = hour * HOUR_MS;
      const p = Object.fromEntries(this.parts.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
      const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
      offset = wall - at;
      if (this.offsets.size > 100_000) this.offsets.clear();
      this.offsets.set(hour, offset);
    }
    return offset;
  }

  /** A Date whose UTC fields are the zone's wall-clock fields (what xlsx cells store). */
  toWallDate(ms: number): Date {
    return new Date(ms + this.offsetAt(ms));
  }
}

const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

/** `JJ/MM/AAAA HH:MM` from a wall-clock Date (UTC fields). */
export function formatWallDateTime(wall: Date): string {
  return `${formatWallDate(wall)} ${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}`;
}

/** `JJ/MM/AAAA` from a wall-clock Date (UTC fields). */
export function formatWallDate(wall: Date): string {
  return `${pad2(wall.getUTCDate())}/${pad2(wall.getUTCMonth() + 1)}/${wall.getUTCFullYear()}`;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A calendar date `YYYY-MM-DD` as a Date at 00:00 UTC (an Excel date without time), or
 * null when it is not a real day (2026-02-30). Built from its numbers: parsing a date
 * string is slow, and exports read one per date answer.
 */
export function parseCalendarDate(text: string): Date | null {
  const parts = CALENDAR_DATE.exec(text);
  if (!parts) return null;
  const year = Number(parts[1]);
  const month = Number(parts[2]) - 1;
  const day = Number(parts[3]);
  const date = new Date(0);
  // setUTCFullYear keeps years 0-99 as they are (Date.UTC would read 1900-1999); a day
  // past the month's end rolls over (Feb 30 → Mar 2), which the check below refuses.
  date.setUTCFullYear(year, month, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month && date.getUTCDate() === day ? date : null;
}

/**
 * The instant a filter bound means in the zone: a date alone is the start of that day
 * (or of the next one for an inclusive upper bound); a full ISO timestamp is taken as is.
 */
export function resolveBound(value: string, clock: WallClock, inclusiveEnd: boolean): Date {
  const day = parseCalendarDate(value);
  if (!day) return new Date(value);
  const startUtc = day.getTime() + (inclusiveEnd ? 24 * HOUR_MS : 0);
  // Local midnight: subtract the zone's offset (looked up near that instant).
  return new Date(startUtc - clock.offsetAt(startUtc - clock.offsetAt(startUtc)));
}
