import { useState } from 'react';
import styled from 'styled-components';
import type { DocumentProcessingResult } from '../../../common/api-types';
import { MAX_DOCUMENT_BYTES } from '../../../common/constants';
import { useDocumentProgress, useProcessDocument, type DocumentKind } from '../../api/documents';
import { PageHeading } from '../../components/PageHeading';
import { RECORD_ICONS } from '../../components/records/icons';
import { IconTile } from '../../components/records/IconTile';
import { showToast } from '../../components/toast';
import { usePremiumRequiredToast } from '../../components/premium-required';
import { Button, Card, Icon } from '../../components/ui';
import { AddReportDialog } from './AddReportDialog';
import { CameraCapture } from './CameraCapture';
import { failureToast, kindOfFile, processedToast, tooLargeToast, type Toast } from './document-results';
import { ProcessingCard } from './ProcessingCard';
import { RecentScans } from './RecentScans';
import { ReportLimitNotice } from './ReportLimitNotice';
import { ScanResult } from './ScanResult';

const Options = styled.div`
  display: grid;
  gap: 12px;
  margin-bottom: 16px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Option = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 10px;
  h2 { margin: 0; font-size: 1.05rem; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; flex: 1; }
`;

/** The file input stays in the page (for keyboards and tests) but is drawn as the button beside it. */
const FileButton = styled.label`
  position: relative;
  input { position: absolute; inset: 0; opacity: 0; cursor: pointer; width: 100%; }
`;

const Below = styled.div`
  margin-top: 16px;
`;

type Phase =
  | { name: 'idle' }
  | { name: 'camera' }
  | { name: 'processing'; uploadId: string; uploaded: number }
  | { name: 'result'; result: DocumentProcessingResult };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

const toast = (t: Toast) => showToast(t.title, t.description, t.variant);

/**
 * Scanner (spec: idle, camera open, captured preview, processing, result shown or failure toast;
 * Process Another resets). A processed document is saved as a report at once; the result is its review.
 */
export default function ScannerPage() {
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [addingByHand, setAddingByHand] = useState(false);
  const process = useProcessDocument();
  const premiumRequired = usePremiumRequiredToast();
  const serverProgress = useDocumentProgress(phase.name === 'processing' ? phase.uploadId : null);

  const send = async (kind: DocumentKind, dataUrl: string, filename?: string) => {
    const uploadId = crypto.randomUUID();
    setPhase({ name: 'processing', uploadId, uploaded: 0 });
    const onUploadProgress = (uploaded: number) => setPhase((current) => (current.name === 'processing' && current.uploadId === uploadId ? { ...current, uploaded } : current));
    try {
      const result = await process.mutateAsync({ kind, dataUrl, filename, uploadId, onUploadProgress });
      toast(processedToast(kind, result));
      setPhase(result.success ? { name: 'result', result } : { name: 'idle' });
    } catch (error) {
      if (!premiumRequired(error)) toast(failureToast(kind, error));
      setPhase({ name: 'idle' });
    }
  };

  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    // Cleared so that choosing the same file again is a change too.
    input.value = '';
    if (!file) return;
    if (file.size > MAX_DOCUMENT_BYTES) return toast(tooLargeToast);
    await send(kindOfFile(file), await readAsDataUrl(file), file.name);
  };

  let body: React.ReactNode;
  if (phase.name === 'processing') {
    body = <ProcessingCard uploaded={phase.uploaded} server={serverProgress} />;
  } else if (phase.name === 'result') {
    body = <ScanResult result={phase.result} onAgain={() => setPhase({ name: 'idle' })} />;
  } else {
    body = (
      <Options>
        <Option>
          <IconTile icon={RECORD_ICONS.camera} size={44} />
          <h2>Take a Photo</h2>
          <p>Use your camera to capture a report, prescription or handwritten note.</p>
          <Button onClick={() => setPhase({ name: 'camera' })}>
            <Icon path={RECORD_ICONS.camera} size={18} />
            Open Camera
          </Button>
        </Option>
        <Option>
          <IconTile icon={RECORD_ICONS.upload} size={44} tint="#dbeafe" ink="#1d4ed8" />
          <h2>Upload a File</h2>
          <p>Choose a photo or a PDF of up to {MAX_DOCUMENT_BYTES / (1024 * 1024)} MB from your device.</p>
          <FileButton>
            <Button as="span" $variant="secondary">
              <Icon path={RECORD_ICONS.upload} size={18} />
              Upload File
            </Button>
            <input type="file" accept="image/*,application/pdf" aria-label="Upload File" onChange={(e) => void upload(e.currentTarget)} />
          </FileButton>
        </Option>
        <Option>
          <IconTile icon={RECORD_ICONS.edit} size={44} tint="#fef9c3" ink="#a16207" />
          <h2>Enter by Hand</h2>
          <p>No photo or file? Type in the report's details and results yourself.</p>
          <Button $variant="secondary" onClick={() => setAddingByHand(true)}>
            <Icon path={RECORD_ICONS.plus} size={18} />
            Add Report
          </Button>
        </Option>
      </Options>
    );
  }

  return (
    <>
      <PageHeading title="Scan Document" subtitle="Turn a photo or PDF of a medical document into a record" />
      {phase.name === 'idle' ? <ReportLimitNotice /> : null}
      {body}
      {phase.name === 'result' ? null : (
        <Below>
          <RecentScans />
        </Below>
      )}
      {phase.name === 'camera' ? <CameraCapture onUse={(photo) => void send('image', photo)} onClose={() => setPhase({ name: 'idle' })} /> : null}
      <AddReportDialog open={addingByHand} onClose={() => setAddingByHand(false)} />
    </>
  );
}
