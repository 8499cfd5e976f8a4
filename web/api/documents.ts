import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import type { DocumentProcessingResult, DocumentProcessingUnavailable, RecentDocument } from '../../common/api-types';
import type { DocumentProgressEvent } from '../../common/socket-events';
import { apiError } from './client';
import { useRealtime } from './realtime';
import { dashboardSummaryQuery, reportsQuery } from './records';

export const recentDocumentsQuery = queryOptions<RecentDocument[]>({ queryKey: ['/api/documents/recent'] });

export function useRecentDocuments() {
  // Not kept offline: a list that failed to load is asked again when the connection returns.
  const query = useQuery({ ...recentDocumentsQuery, refetchOnReconnect: 'always' });
  return { items: query.data ?? [], isPending: query.isPending, failed: query.isError && !query.data };
}

/** Images go to image processing, PDFs to PDF processing (spec section 5). */
export type DocumentKind = 'image' | 'pdf';

const ROUTES: Record<DocumentKind, { path: string; field: string }> = {
  image: { path: '/api/process-medical-document', field: 'imageData' },
  pdf: { path: '/api/process-pdf-document', field: 'pdfData' },
};

/** What processing answers: the saved report's reading, or (a PDF with nothing readable) why nothing was saved. */
export type ProcessingAnswer = DocumentProcessingResult | DocumentProcessingUnavailable;

interface DocumentUpload {
  kind: DocumentKind;
  dataUrl: string;
  /** The file's name on the device, kept for the download. */
  filename?: string;
  /** Names the upload in the server's `document:progress` pushes. */
  uploadId: string;
  /** 0-1 of the request body sent so far. */
  onUploadProgress: (fraction: number) => void;
}

/**
 * POSTs JSON as apiRequest does (same-origin cookies, JSON in and out, the same ApiError), through
 * XMLHttpRequest: fetch cannot report how much of a request body has been sent.
 */
function postWithUploadProgress<T>(path: string, body: unknown, headers: Record<string, string>, onUploadProgress: (fraction: number) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Content-Type', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onUploadProgress(event.loaded / event.total);
    };
    xhr.upload.onload = () => onUploadProgress(1);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          resolve(JSON.parse(xhr.responseText) as T);
        } catch (error) {
          reject(error);
        }
      } else {
        reject(apiError(xhr.status, xhr.statusText, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new TypeError('Failed to fetch'));
    xhr.send(JSON.stringify(body));
  });
}

/**
 * Sends a photo or file to be read; the server saves it as a report, so the reports, the dashboard
 * summary and the recent scans are refreshed afterwards (spec section 7).
 */
export function useProcessDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, dataUrl, filename, uploadId, onUploadProgress }: DocumentUpload) => {
      const { path, field } = ROUTES[kind];
      return postWithUploadProgress<ProcessingAnswer>(path, { [field]: dataUrl, filename }, { 'X-Upload-Id': uploadId }, onUploadProgress);
    },
    onSuccess: () =>
      Promise.all(
        [reportsQuery.queryKey, dashboardSummaryQuery.queryKey, recentDocumentsQuery.queryKey].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ),
  });
}

/**
 * The server's latest `document:progress` push for the given upload. Listening starts when the screen
 * mounts, so the tab's realtime connection is already open when an upload begins.
 */
export function useDocumentProgress(uploadId: string | null): DocumentProgressEvent | null {
  const [latest, setLatest] = useState<DocumentProgressEvent | null>(null);
  useRealtime(
    (socket) => {
      setLatest(null);
      // Each push is drawn as it arrives: left to React's batching, a page's step that the next stage follows
      // within a frame ('Reading page 2 of 2…', then 'Finding dates…') would never reach the screen or its reader.
      const onProgress = (event: DocumentProgressEvent) => {
        if (event.uploadId === uploadId) flushSync(() => setLatest(event));
      };
      socket.on('document:progress', onProgress);
      return () => {
        socket.off('document:progress', onProgress);
      };
    },
    [uploadId],
  );
  return latest;
}
