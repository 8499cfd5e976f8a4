import type { DocumentProgressEvent } from '../../../common/socket-events';

/** The share of the bar the upload fills; the server's own work (read from its pushes) fills the rest. */
const UPLOAD_SHARE = 0.3;

/** A push from the server means it holds the whole body, even if the browser never reported the last bytes. */
const uploadedShare = (uploaded: number, server: DocumentProgressEvent | null) => (server ? 1 : Math.min(Math.max(uploaded, 0), 1));

/** 0-100 over the whole job: the upload's bytes, then the server's percent. */
export function overallPercent(uploaded: number, server: DocumentProgressEvent | null): number {
  const serverShare = server ? Math.min(Math.max(server.percent, 0), 100) / 100 : 0;
  return Math.round((uploadedShare(uploaded, server) * UPLOAD_SHARE + serverShare * (1 - UPLOAD_SHARE)) * 100);
}

/** What is happening now, in words. */
export function progressText(uploaded: number, server: DocumentProgressEvent | null): string {
  if (uploadedShare(uploaded, server) < 1) return `Uploading… ${Math.round(uploaded * 100)}%`;
  if (!server) return 'Uploaded. Waiting for the server…';
  switch (server.stage) {
    case 'preparing':
      return 'Preparing the document…';
    case 'reading':
      return server.pages > 1 ? `Reading page ${server.page} of ${server.pages}…` : 'Reading the text…';
    case 'extracting':
      return 'Finding dates, medications and results…';
    case 'saving':
      return 'Saving the report…';
  }
}
