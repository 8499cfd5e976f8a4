import { RECORD_ICONS } from './records/icons';

/** Premium's six features (spec: the /premium grid), each as the app really gives it; a locked feature elsewhere shows the same words. */
export const PREMIUM_FEATURES = [
  { icon: RECORD_ICONS.sparkles, title: 'Advanced AI Analysis', text: 'Your AI summaries follow each result across your reports: how it moved, and where it stands.' },
  { icon: RECORD_ICONS.download, title: 'Export Reports', text: 'Download your records as PDF to share with any doctor.' },
  { icon: RECORD_ICONS.shield, title: 'Enhanced Security', text: 'A notification each time a doctor opens your records, with who opened what in your access history.' },
  { icon: RECORD_ICONS.bell, title: 'Smart Reminders', text: 'A refill reminder before a medication runs out, and a second reminder when a dose is not marked taken.' },
  { icon: RECORD_ICONS.users, title: 'Priority Support', text: 'Your requests to our support team are answered before others.' },
  { icon: RECORD_ICONS.file, title: 'Unlimited Storage', text: 'No limit on the number of reports, scans and prescriptions you keep.' },
] as const;

export type PremiumFeatureTitle = (typeof PREMIUM_FEATURES)[number]['title'];

export const premiumFeature = (title: PremiumFeatureTitle) => PREMIUM_FEATURES.find((feature) => feature.title === title)!;
