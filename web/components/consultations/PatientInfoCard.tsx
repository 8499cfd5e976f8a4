import styled from 'styled-components';
import type { ConsultationPatient } from '../../../common/api-types';
import { RELATIONSHIP_LABELS, type Relationship } from '../../../common/constants';
import { personName } from '../../../common/names';
import { Card, CardHeader, CardTitle, Row } from '../ui';
import { Avatar } from './Avatar';
import { Info, InfoList } from './InfoList';

const Identity = styled(Row)`
  margin-bottom: 14px;
`;

/** What the doctor may see of the patient: contact details and the emergency contact. */
export function PatientInfoCard({ patient }: { patient: ConsultationPatient }) {
  const name = personName(patient);
  const contact = patient.emergencyContact;
  return (
    <Card aria-labelledby="patient-info-heading" data-testid="patient-info">
      <CardHeader>
        <CardTitle id="patient-info-heading">Patient Information</CardTitle>
      </CardHeader>
      <Identity $gap="12px">
        <Avatar name={name} size={44} />
        <strong>{name}</strong>
      </Identity>
      <InfoList>
        <Info label="Email">{patient.email}</Info>
        <Info label="Phone">{patient.phone ?? 'Not provided'}</Info>
        <Info label="Emergency Contact">
          {contact ? (
            <>
              {contact.name} ({RELATIONSHIP_LABELS[contact.relationship as Relationship] ?? contact.relationship})
              <br />
              {contact.phone}
            </>
          ) : (
            'Not provided'
          )}
        </Info>
      </InfoList>
    </Card>
  );
}
