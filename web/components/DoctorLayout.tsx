import { Outlet } from '@tanstack/react-router';
import { useConsultationUpdates } from '../api/consultation-updates';
import { useWaitingPatientAlerts } from '../api/waiting-patients';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

/** Frame of the doctor portal's signed-in screens: a skip link; their consultations and waiting patients stay live. */
export function DoctorLayout() {
  useConsultationUpdates();
  useWaitingPatientAlerts();
  return (
    <>
      <SkipLink />
      <div id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Outlet />
      </div>
    </>
  );
}
