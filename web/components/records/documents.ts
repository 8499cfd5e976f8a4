import type { MedicalReport } from '../../../common/api-types';
import { readDocument } from '../../offline/vault';

/** Only web links and this site's own paths open: never javascript:, data: or other schemes. */
export function safeDocumentUrl(url: string | null): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url) || (url.startsWith('/') && !url.startsWith('//'))) return url;
  return null;
}

/** Download: the document in a new tab; offline, the copy kept on the device when the report is marked for it. */
export async function openDocument(url: string): Promise<void> {
  const kept = navigator.onLine ? undefined : await readDocument(url).catch(() => undefined);
  window.open(kept ? URL.createObjectURL(kept) : url, '_blank', 'noopener,noreferrer');
}

/** Saves a file the app fetched (the PDF export) through the browser's download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // The download has taken the bytes once the click is handled; the address is let go after that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Share: the native share sheet when there is one; otherwise the link goes to the clipboard. */
export async function shareReport(report: Pick<MedicalReport, 'id' | 'title'>): Promise<'shared' | 'copied' | 'cancelled'> {
  const url = `${window.location.origin}/reports/${report.id}`;
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: report.title, text: `${report.title} - MediVault`, url });
      return 'shared';
    } catch {
      return 'cancelled';
    }
  }
  await navigator.clipboard.writeText(url);
  return 'copied';
}
