import { useMutation } from '@tanstack/react-query';
import styled from 'styled-components';
import { Button, Card, CardHeader, CardTitle, Icon, LinkButton, Muted, Row } from '../../components/ui';
import { RECORD_ICONS } from '../../components/records/icons';
import { saveFile } from '../../components/records/documents';
import { showToast } from '../../components/toast';
import { fetchFhirExport } from '../../api/profile';

/** Its label wraps rather than run past the card on a phone narrower than it (320 px). */
const DownloadButton = styled(Button)`
  max-width: 100%;
  white-space: normal;
`;

/** The record to take elsewhere (FHIR, free on every plan), and who has looked at it. */
export function YourDataCard() {
  const download = useMutation({
    mutationFn: fetchFhirExport,
    onSuccess: ({ blob, filename }) => saveFile(blob, filename),
    onError: () => showToast('Download failed', 'Your records could not be prepared. Please try again.', 'destructive'),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Your data</CardTitle>
      </CardHeader>
      <Muted>
        Download everything in your vault (reports and results, medications, appointments, consultations and documents) as FHIR R4 JSON, the
        standard other health apps and clinics import. Free on every plan.
      </Muted>
      <Row $gap="8px" $wrap style={{ marginTop: 12 }}>
        <DownloadButton onClick={() => download.mutate()} disabled={download.isPending}>
          <Icon path={RECORD_ICONS.download} size={18} />
          {download.isPending ? 'Preparing...' : 'Download my records (FHIR)'}
        </DownloadButton>
        <LinkButton to="/access-history" $variant="secondary">
          Access history
        </LinkButton>
      </Row>
    </Card>
  );
}
