/**
 * The browser reads its zone's fingerprint with Date alone (the offsets of the zone it runs in); the
 * server works out the fingerprint of a named zone with Intl. Both must agree for the same zone, or every
 * page load would start Intl's date machinery to read the zone's name. Date's zone is the process's,
 * set before it starts: a child process reads each zone's fingerprint as a browser there would.
 */
import { execFileSync } from 'node:child_process';
import { zoneFingerprint } from '../../common/time-zone-fingerprint';
import { offsetMinutes } from '../../server/services/calendar/vtimezone';
import { ROOT } from '../support/test-database';

const YEAR = 2026;
const named = (zone: string) => zoneFingerprint((instant) => offsetMinutes(zone, instant.getTime()), YEAR);

function readWithDate(zone: string): string {
  const script = `import('./common/time-zone-fingerprint.ts').then((m) => process.stdout.write(m.zoneFingerprint((instant) => -instant.getTimezoneOffset(), ${YEAR})))`;
  return execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], { cwd: ROOT, env: { ...process.env, TZ: zone }, encoding: 'utf8' });
}

it.each(['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Australia/Sydney'])("reads %s's offsets alike from Date and from Intl", (zone) => {
  expect(readWithDate(zone)).toBe(named(zone));
});

it('tells apart zones whose clocks change on other dates, and zones with other offsets', () => {
  // London and Lisbon keep the same clocks all year; Halifax changes on New York's dates, an hour apart.
  expect(named('Europe/London')).toBe(named('Europe/Lisbon'));
  expect(named('America/New_York')).not.toBe(named('America/Halifax'));
  expect(named('Europe/Paris')).not.toBe(named('Europe/London'));
  expect(named('America/Santiago')).not.toBe(named('America/Sao_Paulo'));
});
