import type { OwnReport, ReportAbilities } from '../../../common/api-types';

/**
 * What the server says the patient may do with a report. A list kept on this device by an app from before the
 * server said so has none: such a report opens (its document downloads if it has one) until the server's
 * answer, fetched on every page load, replaces it; the server still refuses what the plan does not give.
 */
export const abilitiesOf = (report: OwnReport): ReportAbilities =>
  (report.abilities as ReportAbilities | undefined) ?? { canOpen: true, canDownload: Boolean(report.documentUrl) };
