import type { Consultation, DoctorConsultation } from '../../../common/api-types';
import { doctorLabel, personName } from '../../../common/names';

/** Who the user is about to meet: the patient's name for the doctor, 'Dr. {name}' (titled once) for the patient. */
export function callPartnerName(consultation: Pick<Consultation, 'doctorName'> & Partial<Pick<DoctorConsultation, 'patient'>>): string {
  return consultation.patient ? personName(consultation.patient) : doctorLabel(consultation.doctorName);
}
