import type { DocumentProgressStage } from '../../../common/socket-events';
import type { RealtimeEvents } from '../realtime';

/** The share of the server's work (percent) each stage ends at; reading pages takes most of it. */
const STAGE_END: Record<DocumentProgressStage, number> = { preparing: 10, reading: 85, extracting: 90, saving: 100 };
const STAGE_START: Record<DocumentProgressStage, number> = { preparing: 0, reading: 10, extracting: 85, saving: 90 };

/**
 * Announces how far the reading of one upload has come (socket event 'document:progress'), when the
 * client named the upload with X-Upload-Id. Repeats of the same whole percent are dropped, so
 * tesseract's fine-grained progress costs a handful of pushes per page.
 */
export class DocumentProgressReporter {
  private last = '';

  constructor(
    private readonly realtime: RealtimeEvents,
    private readonly userId: string,
    private readonly uploadId: string | null,
  ) {}

  /** `done` is the fraction (0-1) of the stage completed; `page` counts pages read so far. */
  report(stage: DocumentProgressStage, done: number, page = 0, pages = 0): void {
    if (!this.uploadId) return;
    const percent = Math.round(STAGE_START[stage] + (STAGE_END[stage] - STAGE_START[stage]) * Math.min(Math.max(done, 0), 1));
    const key = `${stage}:${page}:${pages}:${percent}`;
    if (key === this.last) return;
    this.last = key;
    this.realtime.emit('document:progress', { userId: this.userId, uploadId: this.uploadId, stage, page, pages, percent });
  }
}
