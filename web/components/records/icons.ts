import type { ReportType } from '../../../common/constants';
import { ICONS } from '../consultations/icons';

/** Outline icon paths (24x24) of the records screens, on top of the shared set. */
export const RECORD_ICONS = {
  ...ICONS,
  settings: ['M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z', 'M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z'],
  bell: ['M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8', 'M10.3 21a1.9 1.9 0 0 0 3.4 0'],
  search: ['M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14z', 'M21 21l-4.3-4.3'],
  download: ['M12 3v12', 'M7 10l5 5 5-5', 'M5 21h14'],
  share: ['M4 12v8h16v-8', 'M12 3v12', 'M8 7l4-4 4 4'],
  camera: ['M3 8h4l2-3h6l2 3h4v12H3z', 'M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z'],
  upload: ['M12 15V3', 'M7 8l5-5 5 5', 'M5 21h14'],
  heart: 'M12 20s-8-5-8-11a4.5 4.5 0 0 1 8-2.8A4.5 4.5 0 0 1 20 9c0 6-8 11-8 11z',
  sparkles: ['M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8z', 'M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z'],
  offline: ['M12 20h.01', 'M8.5 16.5a5 5 0 0 1 7 0', 'M5 13a10 10 0 0 1 14 0', 'M2 9.5a15 15 0 0 1 20 0'],
  lock: ['M5 11h14v10H5z', 'M8 11V7a4 4 0 0 1 8 0v4'],
  trash: ['M4 7h16', 'M10 11v6', 'M14 11v6', 'M6 7l1 13h10l1-13', 'M9 7V4h6v3'],
  chevronRight: 'M9 6l6 6-6 6',
  droplet: 'M12 3s6 6.5 6 11a6 6 0 0 1-12 0c0-4.5 6-11 6-11z',
  scan: ['M4 8V4h4', 'M16 4h4v4', 'M20 16v4h-4', 'M8 20H4v-4', 'M7 12h10'],
  crown: ['M3 8l4 4 5-7 5 7 4-4-2 11H5z'],
  history: ['M3 12a9 9 0 1 0 3-6.7', 'M3 4v5h5', 'M12 8v4l3 2'],
  brain: ['M9 4a3 3 0 0 0-3 3 3 3 0 0 0-2 5 3 3 0 0 0 2 5 3 3 0 0 0 6 0V7a3 3 0 0 0-3-3z', 'M15 4a3 3 0 0 1 3 3 3 3 0 0 1 2 5 3 3 0 0 1-2 5 3 3 0 0 1-6 0'],
  bone: 'M7 4a2.5 2.5 0 0 0-2.5 3.8A2.5 2.5 0 0 0 7 12l5 5a2.5 2.5 0 0 0 4.2 2.5A2.5 2.5 0 0 0 20 17a2.5 2.5 0 0 0-2.2-4l-5-5A2.5 2.5 0 0 0 10 4.2 2.5 2.5 0 0 0 7 4z',
  copy: ['M9 9h11v11H9z', 'M5 15H4V4h11v1'],
  close: ['M6 6l12 12', 'M18 6L6 18'],
  refresh: ['M20 11a8 8 0 0 0-14.9-3', 'M4 4v4h4', 'M4 13a8 8 0 0 0 14.9 3', 'M20 20v-4h-4'],
} as const;

export const REPORT_TYPE_ICONS: Record<ReportType, string | readonly string[]> = {
  blood_work: RECORD_ICONS.droplet,
  x_ray: RECORD_ICONS.bone,
  mri: RECORD_ICONS.brain,
  prescription: RECORD_ICONS.pill,
  consultation: RECORD_ICONS.stethoscope,
  heart_rate: RECORD_ICONS.activity,
  premium_analysis: RECORD_ICONS.sparkles,
};
