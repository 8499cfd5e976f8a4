import type { ConsultationType } from '../../../common/constants';

/** Outline icon paths (24x24) used by the telemedicine, doctor and admin screens. */
export const ICONS = {
  video: ['M3 7h12v10H3z', 'M15 10l6-3v10l-6-3z'],
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  chat: 'M4 5h16v11H9l-5 4z',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z',
  calendar: ['M4 6h16v15H4z', 'M4 10h16', 'M8 3v5', 'M16 3v5'],
  clock: ['M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z', 'M12 7v5l3 2'],
  stethoscope: ['M6 3v6a5 5 0 0 0 10 0V3', 'M11 14v2a5 5 0 0 0 10 0v-2', 'M21 12a2 2 0 1 0 0 .01'],
  user: ['M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M4 21a8 8 0 0 1 16 0'],
  users: ['M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z', 'M2 21a7 7 0 0 1 14 0', 'M16 3.5a4 4 0 0 1 0 7', 'M22 21a7 7 0 0 0-4-6.3'],
  logout: ['M15 4h4v16h-4', 'M10 8l-4 4 4 4', 'M6 12h11'],
  arrowLeft: ['M19 12H5', 'M11 6l-6 6 6 6'],
  check: 'M5 12l5 5 9-10',
  plus: ['M12 5v14', 'M5 12h14'],
  edit: ['M4 20h4L19 9l-4-4L4 16z', 'M14 6l4 4'],
  shield: ['M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z', 'M9 12l2 2 4-4'],
  alert: ['M12 9v4', 'M12 17h.01', 'M10.3 3.9L2 18a2 2 0 0 0 1.7 3h16.6a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z'],
  file: ['M7 3h7l5 5v13H7z', 'M14 3v5h5'],
  pill: ['M10.5 20.5a5 5 0 0 1-7-7l6-6a5 5 0 0 1 7 7z', 'M8.5 8.5l7 7'],
  activity: 'M3 12h4l3-8 4 16 3-8h4',
} as const;

export const CONSULTATION_TYPE_ICONS: Record<ConsultationType, string | readonly string[]> = {
  video: ICONS.video,
  audio: ICONS.phone,
  chat: ICONS.chat,
};
