import type { Router } from '@koa/router';
import { registerHealthRoutes } from './health';
import { registerAuthRoutes } from './auth';
import { registerMedicalReportsRoutes } from './medical-reports';
import { registerDocumentsRoutes } from './documents';
import { registerMedicationsRoutes } from './medications';
import { registerNotificationsRoutes } from './notifications';
import { registerAppointmentsRoutes } from './appointments';
import { registerSummariesRoutes } from './summaries';
import { registerDoctorsRoutes } from './doctors';
import { registerConsultationsRoutes } from './consultations';
import { registerDoctorPortalRoutes } from './doctor-portal';
import { registerConsultationChatRoutes } from './consultation-chat';
import { registerAdminDoctorsRoutes } from './admin-doctors';
import { registerAccessHistoryRoutes } from './access-history';
import { registerPasskeysRoutes } from './passkeys';
import { registerProfileRoutes } from './profile';
import { registerApiReferenceRoutes } from './api-reference';
import { registerCalendarRoutes } from './calendar';
import { registerPaymentsRoutes } from './payments';
import { registerPushRoutes } from './push';
import { registerOfflineVaultRoutes } from './offline-vault';
import { registerMedicationRemindersRoutes } from './medication-reminders';
import { registerExportRoutes } from './export';
import { registerImportRoutes } from './import';
import { registerSharedLinksRoutes } from './shared-links';

/** Every API route, mounted under /api. Each module registers its routes through defineRoute. */
export function registerApiRoutes(router: Router): void {
  registerHealthRoutes(router);
  registerAuthRoutes(router);
  registerMedicalReportsRoutes(router);
  registerDocumentsRoutes(router);
  registerMedicationsRoutes(router);
  registerNotificationsRoutes(router);
  registerAppointmentsRoutes(router);
  registerSummariesRoutes(router);
  registerDoctorsRoutes(router);
  registerConsultationsRoutes(router);
  registerDoctorPortalRoutes(router);
  registerConsultationChatRoutes(router);
  registerAdminDoctorsRoutes(router);
  registerAccessHistoryRoutes(router);
  registerPasskeysRoutes(router);
  registerProfileRoutes(router);
  registerCalendarRoutes(router);
  registerPaymentsRoutes(router);
  registerPushRoutes(router);
  registerOfflineVaultRoutes(router);
  registerMedicationRemindersRoutes(router);
  registerExportRoutes(router);
  registerImportRoutes(router);
  registerSharedLinksRoutes(router);
  // Last: it describes every route registered before it.
  registerApiReferenceRoutes(router);
}
