import styled from 'styled-components';
import type { DocumentProgressEvent } from '../../../common/socket-events';
import { Card, Spinner } from '../../components/ui';
import { overallPercent, progressText } from './progress';

const Box = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 36px 16px;
  text-align: center;
  h2 { margin: 0; font-size: 1.1rem; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Track = styled.div`
  width: 100%;
  max-width: 420px;
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
`;

const Fill = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: width 0.3s ease;
`;

/** Processing (spec: spinner, 'Saving Document'), with the real progress of the upload and of the server's reading. */
export function ProcessingCard({ uploaded, server }: { uploaded: number; server: DocumentProgressEvent | null }) {
  const percent = overallPercent(uploaded, server);
  const text = progressText(uploaded, server);
  return (
    <Box aria-live="polite" data-testid="scan-processing">
      <Spinner />
      <h2>Saving Document</h2>
      <Track role="progressbar" aria-label="Processing progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={text}>
        <Fill style={{ width: `${percent}%` }} />
      </Track>
      <p>{text}</p>
    </Box>
  );
}
