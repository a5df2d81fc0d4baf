const DATE = /^(?<year>\d{4})-?(?<month>\d{2})-?(?<day>\d{2})(?:$|T)/;
const DAY_MS = 86_400_000;

const toUtc = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00Z`);

/** A printed date as YYYY-MM-DD: CII format 102 (`20260312`), ISO dates and date-times; null if no real date. */
export const toIsoDate = (raw: string): string | null => {
  const groups = DATE.exec(raw.trim())?.groups;
  if (!groups) return null;
  const isoDate = `${groups.year}-${groups.month}-${groups.day}`;
  const time = toUtc(isoDate);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== isoDate ? null : isoDate;
};

export const addDays = (isoDate: string, days: number): string => new Date(toUtc(isoDate) + days * DAY_MS).toISOString().slice(0, 10);

export const daysBetween = (from: string, to: string): number => Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
