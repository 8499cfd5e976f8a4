import Koa from 'koa';
import { Router } from '@koa/router';
import { bodyParser } from '@koa/bodyparser';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { Config } from './config';
import type { AppDeps, DemoLogin } from './context';
import { MalformedRequest, PayloadTooLarge } from './errors';
import { errorHandler, reportUnhandledError } from './middleware/errors';
import { requestId } from './middleware/request-id';
import { observeRequest } from './middleware/observe-request';
import { metricsEndpoint } from './middleware/metrics-endpoint';
import { AppMetrics } from './metrics';
import { log } from './log';
import { apiGuards, securityHeaders } from './middleware/security';
import { allowSharedLinkReceivers } from './middleware/shared-link-cors';
import { onlyPublicHost } from './middleware/public-host';
import { ShutdownState } from './services/shutdown-state';
import { loadActor } from './middleware/actor';
import { timedMiddleware, timeQueriesOf } from './lib/request-timing';
import { refuseUnboundedJson } from './middleware/bounded-json';
import { leaveOwnBodiesUnparsed } from './middleware/own-body';
import { honourIdempotencyKeys } from './middleware/idempotency';
import { OcrPool } from './services/documents/ocr-pool';
import { createPdfTextPool } from './services/documents/pdf';
import { sessionCookieName, sessionMiddleware } from './session';
import { CookieKeys } from './cookie-keys';
import { PgSessionStore } from './session-store';
import { registerApiRoutes } from './routes';
import { serveWebApp } from './static';
import { RealtimeEvents } from './services/realtime';
import { DatabaseOutage } from './services/database-outage';
import { startAccountErasure } from './services/account-deletion';
import { startRefundRetries } from './services/payments/refund-retry';
import { startExpiredLinkFileRemoval } from './services/shared-links/expiry';
import { auditKeysFrom } from './services/audit-chain';
import { startAuditSealing } from './services/audit-seal';
import { useAuditKeys } from './services/audit';
import { createMailer } from './services/mail';
import { ReminderService } from './services/reminders/service';
import { ConsultationStandings } from './services/consultation-standings';

interface AppOptions {
  config: Config;
  knex: Knex;
  realtime?: RealtimeEvents;
  mediaMode?: () => 'sfu' | 'p2p';
  /** Folder of the built PWA; omitted in API-only tests. */
  webRoot?: string;
  /** Given by start-up where it seeds demo data (never in production): the doctor-login hint. */
  demoDoctorLogin?: DemoLogin;
  /** Defaults to the process's logger. */
  logger?: Logger;
  /** How often idle job workers poll (seconds; default 2): tests shorten it. */
  jobPollingSeconds?: number;
}

export interface App {
  koa: Koa;
  apiRouter: Router;
  sessionStore: PgSessionStore;
  deps: AppDeps;
  /** The koa-session middleware, reused by the Socket.IO handshake to read the same cookie. */
  session: Koa.Middleware;
  /** Starts what the app runs besides requests: the reminder queue. */
  start(): Promise<void>;
  /** Stops what the app runs besides requests (the reminder queue, the account erasure, expired link file and refund retry sweeps, the document reading threads). */
  close(): Promise<void>;
}

/** Builds the Koa application without listening, so tests and main share the same stack. */
export function createApp(options: AppOptions): App {
  const { config, knex } = options;
  // ctx.ip is the one client address (rate limits, sign-in throttling, audit rows, sockets): the entry
  // TRUST_PROXY_HOPS from the right of X-Forwarded-For, since entries further left are whatever the client sent.
  const koa = new Koa({ proxy: config.trustProxy, maxIpsCount: config.trustProxy ? config.proxyHops : 0 });
  koa.keys = new CookieKeys(config.sessionKeys);
  koa.on('error', reportUnhandledError);
  const ocr = new OcrPool({ size: config.documents.ocrWorkers, timeoutMs: config.documents.ocrTimeoutMs });
  const pdfText = createPdfTextPool({ size: config.documents.pdfWorkers, timeoutMs: config.documents.ocrTimeoutMs });
  const realtime = options.realtime ?? new RealtimeEvents();
  const logger = options.logger ?? log;
  const auditKeys = auditKeysFrom(config.auditKey);
  useAuditKeys(auditKeys);
  const { connectionString } = knex.client.config.connection as { connectionString: string };
  const reminders = new ReminderService({ knex, connectionString, vapid: config.vapid, pushServiceHosts: config.pushServiceHosts, realtime, log: logger, pollingIntervalSeconds: options.jobPollingSeconds, runJobs: config.runJobs });
  const deps: AppDeps = {
    config,
    knex,
    realtime,
    databaseOutage: new DatabaseOutage(knex, logger),
    log: logger,
    metrics: new AppMetrics(knex, { ocr, pdfText }),
    mediaMode: options.mediaMode ?? (() => 'p2p'),
    demoDoctorLogin: options.demoDoctorLogin ?? null,
    ocr,
    pdfText,
    reminders,
    mailer: createMailer(config.mail),
    shutdown: new ShutdownState(),
    consultationStandings: new ConsultationStandings(config.sockets.authRecheckMs),
  };
  Object.assign(koa.context, { deps });

  timeQueriesOf(knex);
  const sessionStore = new PgSessionStore(knex, config.sessionAbsoluteMs);
  const session = sessionMiddleware(koa, config, sessionStore);
  const apiRouter = new Router({ prefix: '/api' });
  registerApiRoutes(apiRouter);

  koa.use(requestId as Koa.Middleware);
  koa.use(observeRequest as Koa.Middleware);
  koa.use(errorHandler as Koa.Middleware);
  koa.use(onlyPublicHost(config) as Koa.Middleware);
  koa.use(securityHeaders(config));
  koa.use(allowSharedLinkReceivers as Koa.Middleware);
  koa.use(apiGuards(config) as Koa.Middleware);
  koa.use(metricsEndpoint(config.metricsToken) as Koa.Middleware);
  koa.use(leaveOwnBodiesUnparsed(apiRouter) as unknown as Koa.Middleware);
  koa.use(
    bodyParser({
      enableTypes: ['json'],
      jsonLimit: config.http.jsonBodyBytes,
      jsonStrict: true,
      onError: (err: Error & { status?: number }, ctx) => {
        if (err.status === 413) {
          // The rest of the body is not worth reading: the connection ends with the answer.
          ctx.set('Connection', 'close');
          throw new PayloadTooLarge(`The request body is too large (at most ${config.http.jsonBodyBytes / 1024} KB).`);
        }
        throw new MalformedRequest('The request body is not valid JSON.');
      },
    }) as unknown as Koa.Middleware,
  );
  koa.use(refuseUnboundedJson as Koa.Middleware);
  koa.use(timedMiddleware('session', session));
  koa.use(loadActor as Koa.Middleware);
  koa.use(honourIdempotencyKeys as Koa.Middleware);
  koa.use(apiRouter.routes() as unknown as Koa.Middleware);
  koa.use(apiRouter.allowedMethods() as unknown as Koa.Middleware);
  if (options.webRoot) koa.use(serveWebApp(options.webRoot, sessionCookieName(config.env)));
  let erasure: { stop(): void } | undefined;
  let linkFileExpiry: { stop(): void } | undefined;
  let refundRetries: { stop(): void } | undefined;
  let sealing: { stop(): Promise<void> } | undefined;
  return {
    koa,
    apiRouter,
    sessionStore,
    deps,
    session,
    start: async () => {
      await reminders.start();
      if (config.runJobs) erasure = startAccountErasure(knex, logger);
      if (config.runJobs) linkFileExpiry = startExpiredLinkFileRemoval(knex, logger);
      if (config.runJobs) refundRetries = startRefundRetries(deps);
      if (config.runJobs) sealing = startAuditSealing(knex, auditKeys, logger);
    },
    close: async () => {
      erasure?.stop();
      linkFileExpiry?.stop();
      refundRetries?.stop();
      await sealing?.stop();
      await reminders.stop();
      await Promise.all([deps.ocr.close(), deps.pdfText.close()]);
    },
  };
}
