/**
 * A zone's offsets from UTC (minutes ahead) on the 1st and 15th of each month of a year. Two zones with
 * the same fingerprint read reminder times alike that year, give or take a fortnight around a change of
 * clocks. The browser reads its own with Date alone, which needs none of Intl's date machinery (tens of
 * milliseconds to start on a phone), and compares it with the one the server sends for the zone it has.
 */
export function zoneFingerprint(minutesAheadAt: (instant: Date) => number, year: number): string {
  const offsets: number[] = [];
  for (let month = 0; month < 12; month += 1) {
    for (const day of [1, 15]) offsets.push(minutesAheadAt(new Date(Date.UTC(year, month, day, 12))));
  }
  return `${year}:${offsets.join(',')}`;
}
