import type { Knex } from 'knex';
import { FREE_PLAN_REPORT_LIMIT, PREMIUM_REPORT_TYPES, REPORT_LIMIT_REACHED, type ReportType } from '../../common/constants';
import { MedicalReport, User } from '../../db/models';
import { PremiumRequired } from '../errors';
import type { PlanAbilities, ReportAbilities, ReportListAbilities } from '../../common/api-types';
import { advisoryXactLock } from '../lib/advisory-lock';

/**
 * What the free plan holds and what only Premium gives, enforced here on the server. Premium is the user
 * having a subscription (spec section 1); the payments service keeps that column true to Stripe, so
 * nothing here needs to know how Premium was bought.
 */
export const isPremium = (user: Pick<User, 'stripeSubscriptionId'>): boolean => Boolean(user.stripeSubscriptionId);

/** What the user's plan gives that screens offer or lock: sent with the account, so the app never decides it itself. */
export function planAbilities(user: Pick<User, 'stripeSubscriptionId'>): PlanAbilities {
  const premium = isPremium(user);
  return { smartReminders: premium, prioritySupport: premium };
}

const PREMIUM_ANALYSIS_REQUIRED = 'Premium analysis reports are part of Premium. Upgrade to Premium to open and add them.';
export const EXPORT_REQUIRES_PREMIUM = 'PDF export is part of Premium. Upgrade to Premium to download your records as a PDF.';

const isPremiumReportType = (type: ReportType): boolean => PREMIUM_REPORT_TYPES.includes(type);

export async function hasPremium(userId: string, trx?: Knex.Transaction): Promise<boolean> {
  const user = await User.query(trx).findById(userId).select('stripeSubscriptionId');
  return Boolean(user && isPremium(user));
}

/** Refuses (402) a free user what only Premium gives. */
export async function requirePremium(userId: string, message: string): Promise<void> {
  if (!(await hasPremium(userId))) throw new PremiumRequired(message);
}

/** A premium analysis is opened, changed or added only with Premium. */
export async function requirePremiumForType(userId: string, type: ReportType): Promise<void> {
  if (isPremiumReportType(type)) await requirePremium(userId, PREMIUM_ANALYSIS_REQUIRED);
}

/** What `requireRoomForReport` found: Premium, or a free plan with room for one more report. */
export type ReportRoom = 'premium' | 'free';

/** How many more reports the user's plan takes: null on Premium, which has no limit. */
export async function reportsLeftFor(userId: string, trx?: Knex.Transaction): Promise<number | null> {
  if (await hasPremium(userId, trx)) return null;
  const held = await MedicalReport.query(trx).where({ userId }).resultSize();
  return Math.max(0, FREE_PLAN_REPORT_LIMIT - held);
}

/**
 * Refuses (402) a report the user's plan has no room for. On its own this is only an early answer, before
 * costly work such as OCR; `withRoomForReport` checks again where the report is saved.
 */
export async function requireRoomForReport(userId: string, trx?: Knex.Transaction): Promise<ReportRoom> {
  const left = await reportsLeftFor(userId, trx);
  if (left === 0) throw new PremiumRequired(REPORT_LIMIT_REACHED);
  return left === null ? 'premium' : 'free';
}

/** What the patient may do with their reports as a whole, for the screens (GET /api/medical-reports/abilities). */
export async function reportListAbilities(userId: string): Promise<ReportListAbilities> {
  const reportsLeft = await reportsLeftFor(userId);
  const premium = reportsLeft === null;
  return { canAddReport: reportsLeft !== 0, reportsLeft, canExportPdf: premium };
}

/**
 * What the patient may do with each of their reports, in order: a premium analysis opens (and its document
 * downloads) only with Premium. The plan is read only when a premium analysis is among them.
 */
export async function reportAbilitiesOf(userId: string, reports: ReadonlyArray<Pick<MedicalReport, 'type' | 'documentUrl'>>): Promise<ReportAbilities[]> {
  const premium = reports.some((report) => isPremiumReportType(report.type)) && (await hasPremium(userId));
  return reports.map((report) => {
    const canOpen = premium || !isPremiumReportType(report.type);
    return { canOpen, canDownload: canOpen && Boolean(report.documentUrl) };
  });
}

/**
 * Saves a new report through `save` (which must write with `trx`) only if the plan has room for it.
 * The check and the save share one transaction holding the user's report lock, so concurrent adds at
 * the limit (two tabs, two processes) take turns and the free plan never ends up over it.
 */
export function withRoomForReport<T>(userId: string, type: ReportType, save: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
  return MedicalReport.transaction(async (trx) => {
    await advisoryXactLock(trx, `reports:${userId}`);
    if (isPremiumReportType(type) && !(await hasPremium(userId, trx))) throw new PremiumRequired(PREMIUM_ANALYSIS_REQUIRED);
    await requireRoomForReport(userId, trx);
    return save(trx);
  });
}
