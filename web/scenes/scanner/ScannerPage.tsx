import { useState } from 'react';
import styled from 'styled-components';
import { MAX_DOCUMENT_BYTES } from '../../../common/constants';
import { useProcessImage, useProcessPdf } from '../../api/records';
import { PageHeading } from '../../components/PageHeading';
import { RECORD_ICONS } from '../../components/records/icons';
import { IconTile } from '../../components/records/IconTile';
import { SectionCard } from '../../components/records/SectionCard';
import { showToast } from '../../components/toast';
import { Button, Card, Icon, LinkButton, Spinner } from '../../components/ui';
import { CameraCapture } from './CameraCapture';
import { STRUCTURED_FIELDS, imageToasts, patientText, pdfFailureToast, pdfToast, type ProcessedDocument, type Toast } from './document-results';

const Options = styled.div`
  display: grid;
  gap: 12px;
  margin-bottom: 16px;
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr 1fr;
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

const Processing = styled(Card)`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  padding: 40px 16px;
  text-align: center;
  h2 { margin: 0; font-size: 1.1rem; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Fields = styled.dl`
  margin: 0 0 14px;
  display: grid;
  gap: 10px;
  dt { font-size: 0.78rem; font-weight: 700; text-transform: uppercase; letter-spacing: 0.04em; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 2px 0 0; }
`;

const Recent = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 0;
  & + & { border-top: 1px solid ${({ theme }) => theme.colors.border}; }
  strong { display: block; font-size: 0.93rem; }
  span { font-size: 0.82rem; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** Sample scans shown as examples until the first of the patient's own (spec section 2: static placeholders). */
const RECENT_SCANS = [
  { title: 'Lab results', detail: 'Example: a printed blood test' },
  { title: 'Prescription', detail: 'Example: a handwritten prescription' },
  { title: 'Discharge summary', detail: 'Example: a multi-page PDF' },
];

type Phase = 'idle' | 'camera' | 'processing' | { done: ProcessedDocument };

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

const toast = (t: Toast) => showToast(t.title, t.description, t.variant);

function Result({ document, onAgain }: { document: ProcessedDocument; onAgain: () => void }) {
  const record = document.structuredRecord;
  const fields = STRUCTURED_FIELDS.map(([key, label]) => [label, key === 'patientInfo' ? patientText(record?.patientInfo ?? null) : (record?.[key] as string | null)] as const).filter(([, v]) => v);
  return (
    <SectionCard title="Document Processed" testId="scan-result">
      {fields.length ? (
        <Fields>
          {fields.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </Fields>
      ) : (
        <p>{document.extractedText || 'The document was saved.'}</p>
      )}
      {document.report ? (
        <LinkButton to={`/reports/${document.report.id}`} $variant="secondary">
          View Report
        </LinkButton>
      ) : null}{' '}
      <Button onClick={onAgain}>Process Another</Button>
    </SectionCard>
  );
}

export default function ScannerPage() {
  const [phase, setPhase] = useState<Phase>('idle');
  const processImage = useProcessImage();
  const processPdf = useProcessPdf();

  const sendImage = async (imageData: string) => {
    setPhase('processing');
    try {
      const result = await processImage.mutateAsync(imageData);
      toast(imageToasts.success);
      setPhase({ done: result });
    } catch {
      toast(imageToasts.failure);
      setPhase('idle');
    }
  };

  const sendPdf = async (pdfData: string) => {
    setPhase('processing');
    try {
      const result = await processPdf.mutateAsync(pdfData);
      toast(pdfToast(result));
      setPhase(result.success ? { done: result } : 'idle');
    } catch (error) {
      toast(pdfFailureToast(error));
      setPhase('idle');
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_DOCUMENT_BYTES) {
      showToast('File too large', 'Choose a document of at most 10 MB.', 'destructive');
      return;
    }
    const dataUrl = await readAsDataUrl(file);
    // Images go to image processing, PDFs to PDF processing (spec section 5).
    await (file.type === 'application/pdf' ? sendPdf(dataUrl) : sendImage(dataUrl));
  };

  return (
    <>
      <PageHeading title="Scan Document" subtitle="Turn a photo or PDF of a medical document into a record" />
      {phase === 'processing' ? (
        <Processing aria-live="polite">
          <Spinner />
          <h2>Saving Document</h2>
          <p>Reading your document and creating a record…</p>
        </Processing>
      ) : typeof phase === 'object' ? (
        <Result document={phase.done} onAgain={() => setPhase('idle')} />
      ) : (
        <Options>
          <Option>
            <IconTile icon={RECORD_ICONS.camera} size={44} />
            <h2>Take a Photo</h2>
            <p>Use your camera to capture a report, prescription or handwritten note.</p>
            <Button onClick={() => setPhase('camera')}>
              <Icon path={RECORD_ICONS.camera} size={18} />
              Open Camera
            </Button>
          </Option>
          <Option>
            <IconTile icon={RECORD_ICONS.upload} size={44} tint="#dbeafe" ink="#1d4ed8" />
            <h2>Upload a File</h2>
            <p>Choose an image or a PDF of up to 10 MB from your device.</p>
            <FileButton>
              <Button as="span" $variant="secondary">
                <Icon path={RECORD_ICONS.upload} size={18} />
                Upload File
              </Button>
              <input type="file" accept="image/*,application/pdf" aria-label="Upload File" onChange={(e) => void upload(e.target.files?.[0])} />
            </FileButton>
          </Option>
        </Options>
      )}
      <SectionCard title="Recent Scans">
        {RECENT_SCANS.map((scan) => (
          <Recent key={scan.title}>
            <IconTile icon={RECORD_ICONS.file} size={36} />
            <div>
              <strong>{scan.title}</strong>
              <span>{scan.detail}</span>
            </div>
          </Recent>
        ))}
      </SectionCard>
      {phase === 'camera' ? (
        <CameraCapture
          onUse={(photo) => void sendImage(photo)}
          onClose={() => setPhase('idle')}
        />
      ) : null}
    </>
  );
}
