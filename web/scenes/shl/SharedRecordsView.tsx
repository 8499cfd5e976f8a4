import styled from 'styled-components';
import { Card, CardHeader, CardTitle, Muted } from '../../components/ui';
import { TestResults } from '../../components/records/TestResults';
import type { SharedRecordsView as View } from '../../shared-records/fhir-view';
import { formatCalendarDay } from '../../components/records/dates';

const Meta = styled.p`
  margin: 0 0 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.9rem;
`;

const Stack = styled.div`
  display: grid;
  gap: 16px;
`;

const MedicationList = styled.ul`
  margin: 0;
  padding-left: 20px;
  display: grid;
  gap: 6px;
`;

const dateText = (value: string | null) => (value ? formatCalendarDay(value) : 'date not given');

/** The shared records, readably: each report with its results (as the report screens show them), then the medications. */
export function SharedRecordsView({ view }: { view: View }) {
  return (
    <Stack>
      <section aria-labelledby="shared-reports">
        <h2 id="shared-reports">Reports ({view.reports.length})</h2>
        <Stack>
          {view.reports.length ? null : <Muted>No reports were shared.</Muted>}
          {view.reports.map((report) => (
            <Card key={report.key} as="article" aria-label={report.title}>
              <CardHeader>
                <CardTitle as="h3">{report.title}</CardTitle>
              </CardHeader>
              <Meta>
                {dateText(report.date)}
                {report.performers.length ? ` · ${report.performers.join(' · ')}` : ''}
              </Meta>
              {report.conclusion ? <p>{report.conclusion}</p> : null}
              <TestResults results={report.results} />
            </Card>
          ))}
        </Stack>
      </section>
      <section aria-labelledby="shared-medications">
        <h2 id="shared-medications">Medications ({view.medications.length})</h2>
        {view.medications.length ? (
          <Card>
            <MedicationList>
              {view.medications.map((medication) => (
                <li key={medication.key}>
                  <strong>{medication.name}</strong>
                  {medication.dosage ? ` ${medication.dosage}` : ''}
                  <Muted as="span">
                    {' '}
                    ({medication.status ?? 'status not given'}
                    {medication.since ? `, since ${dateText(medication.since)}` : ''})
                  </Muted>
                </li>
              ))}
            </MedicationList>
          </Card>
        ) : (
          <Muted>No medications were shared.</Muted>
        )}
      </section>
      {view.otherEntries ? <Muted>The link also holds {view.otherEntries} other entries (appointments, visits, documents) not shown here.</Muted> : null}
    </Stack>
  );
}
