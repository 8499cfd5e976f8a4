import { CONSULTATION_TYPE_LABELS, formatCents } from '../../../common/constants';
import type { Consultation } from '../../../common/api-types';
import { Info, InfoList } from './InfoList';

interface PrescriptionLine {
  name?: string;
  dosage?: string;
  frequency?: string;
  duration?: string;
}

/** A prescription is free text or { medications?: [...], instructions? }. */
function prescriptionText(prescription: Consultation['prescription']): string | null {
  if (!prescription) return null;
  if (typeof prescription === 'string') return prescription;
  const lines = Array.isArray(prescription.medications)
    ? (prescription.medications as PrescriptionLine[]).map((m) => [m.name, m.dosage, m.frequency?.replace(/_/g, ' '), m.duration].filter(Boolean).join(', '))
    : [];
  if (typeof prescription.instructions === 'string') lines.push(prescription.instructions);
  return lines.join('\n') || null;
}

export function ConsultationOverview({ consultation: c }: { consultation: Consultation }) {
  const prescription = prescriptionText(c.prescription);
  return (
    <InfoList data-testid="consultation-overview">
      <Info label="Symptoms">{c.symptoms || 'None given'}</Info>
      {c.patientNotes ? <Info label="Patient Notes">{c.patientNotes}</Info> : null}
      <Info label="Consultation">
        {CONSULTATION_TYPE_LABELS[c.consultationType]} · {c.duration} minutes · ${formatCents(c.fee ?? 0)}
      </Info>
      {c.diagnosis ? <Info label="Diagnosis">{c.diagnosis}</Info> : null}
      {prescription ? <Info label="Prescription">{prescription}</Info> : null}
      {c.consultationNotes ? <Info label="Consultation Notes">{c.consultationNotes}</Info> : null}
    </InfoList>
  );
}
