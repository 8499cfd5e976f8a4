import type { ReportType } from '../../../common/constants';
import { REPORT_TYPE_ICONS, RECORD_ICONS } from './icons';
import { IconTile, MEDICATION_TINT } from './IconTile';

export function ReportTypeIcon({ type, size = 40 }: { type: ReportType; size?: number }) {
  return <IconTile icon={REPORT_TYPE_ICONS[type]} size={size} />;
}

export function MedicationIcon({ size = 40 }: { size?: number }) {
  return <IconTile icon={RECORD_ICONS.pill} size={size} {...MEDICATION_TINT} />;
}
