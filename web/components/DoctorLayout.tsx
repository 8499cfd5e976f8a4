import { Outlet } from '@tanstack/react-router';
import { useConsultationUpdates } from '../api/consultation-updates';
import { useWaitingPatientAlerts } from '../api/waiting-patients';

/** Frame of the doctor portal's signed-in screens: their consultations and waiting patients stay live. */
export function DoctorLayout() {
  useConsultationUpdates();
  useWaitingPatientAlerts();
  return <Outlet />;
}
