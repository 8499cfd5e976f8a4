import pino, { type DestinationStream, type Logger } from 'pino';

type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

/**
 * Personal and health data that must never reach a log, wherever a caller puts it: at the top of a
 * line's fields or one level down (`{ user: { email } }`). Callers pass ids and codes only; this is the
 * net behind that rule. Request and response bodies are never logged at all.
 */
const SENSITIVE_FIELDS = [
  'password',
  'passwordHash',
  'token',
  'secret',
  'authorization',
  'cookie',
  'email',
  'phone',
  'firstName',
  'lastName',
  'name',
  'username',
  'emergencyContact',
  'diagnosis',
  'symptoms',
  'prescription',
  'summary',
  'results',
  'reason',
  'notes',
  'consultationNotes',
  'patientNotes',
  'instructions',
  'extractedText',
  'body',
];

export const REDACTED_PATHS = SENSITIVE_FIELDS.flatMap((field) => [field, `*.${field}`]);

/** The app's logger: JSON lines (pino), with the sensitive fields above replaced by '[Redacted]'. */
export function createLogger(level: LogLevel = 'info', destination?: DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS }, base: undefined }, destination);
}

/** The process's logger. Its level follows LOG_LEVEL at start-up; tests turn it to 'silent'. */
export const log: Logger = createLogger();
