import type { Context, ParameterizedContext } from 'koa';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { Actor } from './policies/actor';
import type { RealtimeEvents } from './services/realtime';
import type { DatabaseOutage } from './services/database-outage';
import type { Mailer } from './services/mail';
import type { AppMetrics } from './metrics';
import type { OcrPool } from './services/documents/ocr-pool';
import type { PdfTextPool } from './services/documents/pdf';
import type { ReminderService } from './services/reminders/service';
import type { ShutdownState } from './services/shutdown-state';
import type { ClaimedKey } from './services/idempotency';
import type { ConsultationStandings } from './services/consultation-standings';

interface AppState {
  actor: Actor;
  requestId: string;
  /** The route label of an endpoint outside the API router (/metrics), for logs and metrics. */
  route?: string;
  /** The request's Idempotency-Key, once claimed: its write's transaction completes it (server/services/idempotency.ts). */
  idempotencyKey?: ClaimedKey;
  /** The status a route answers with when its handler returns a body (defineRoute). */
  successStatus?: number;
  /** The route's answer carries a secret shown once: an Idempotency-Key never keeps it (defineRoute). */
  answerHoldsSecrets?: boolean;
}

/** A demo account's sign-in, shown as a hint on its login page. */
export interface DemoLogin {
  email: string;
  password: string;
}

/** What every request can reach: set once on app.context by createApp. */
export interface AppDeps {
  config: Config;
  knex: Knex;
  realtime: RealtimeEvents;
  /** Notes PostgreSQL going away and coming back, once each. */
  databaseOutage: DatabaseOutage;
  /** The app's logger (tests hand in one that writes to a buffer). */
  log: Logger;
  metrics: AppMetrics;
  mediaMode: () => 'sfu' | 'p2p';
  /** The seeded demo doctor, hinted on the doctor login; null unless start-up seeds demo data. */
  demoDoctorLogin: DemoLogin | null;
  /** Tesseract worker threads reading scanned documents. */
  ocr: OcrPool;
  /** Threads reading PDFs' text layers. */
  pdfText: PdfTextPool;
  /** The reminder queue (pg-boss) and web push. */
  reminders: ReminderService;
  /** Outgoing mail (SMTP_URL), for password reset links. */
  mailer: Mailer;
  /** Set once the process begins to shut down: the readiness probe then answers 503. */
  shutdown: ShutdownState;
  /** Where each actor stands in the consultations sockets ask about (follow it for this process's status changes). */
  consultationStandings: ConsultationStandings;
}

export type AppContext = ParameterizedContext<AppState, Context & { deps: AppDeps }>;
