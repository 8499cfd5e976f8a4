import type { ApiError } from '../common/api-types';

/** Typed errors: REST answers and socket acks map them to `{ code, message, details?, fields? }` by class, never by text. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationFailed extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(400, 'validation_failed', message, fields);
  }
}

export class MalformedRequest extends AppError {
  constructor(message: string) {
    super(400, 'malformed_request', message);
  }
}

export class Unauthenticated extends AppError {
  constructor(message = 'Please sign in to continue.') {
    super(401, 'unauthenticated', message);
  }
}

export class InvalidCredentials extends AppError {
  constructor(message: string) {
    super(401, 'invalid_credentials', message);
  }
}

/** Something only Premium gives (more reports than the free plan holds, a premium analysis, the PDF export): the message offers the upgrade. */
export class PremiumRequired extends AppError {
  constructor(message: string) {
    super(402, 'premium_required', message);
  }
}

/** A SMART Health Link asked for its passcode, or given a wrong one: the IG's 401, with the attempts left before the link is disabled. */
export class PasscodeRefused extends AppError {
  constructor(
    message: string,
    readonly remainingAttempts: number,
  ) {
    super(401, 'passcode_refused', message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'You do not have permission to do that.') {
    super(403, 'forbidden', message);
  }
}

export class NotFound extends AppError {
  constructor(message = 'Not found.') {
    super(404, 'not_found', message);
  }
}

/** What a refusal at record level was about, for its `denied` audit row. */
export interface RefusedResource {
  resourceType: string;
  resourceId: string;
  /** The patient whose data it is, when the record exists (the row then shows in their Access history). */
  patientId?: string;
}

/**
 * A record the actor may not reach. It answers exactly as a record that does not exist (404, its message),
 * and the request that met it writes a `denied` audit row naming `refused` (REST: routes/define.ts; sockets:
 * signalling/handlers/define.ts).
 */
export class RefusedAccess extends NotFound {
  constructor(
    message: string,
    readonly refused: RefusedResource,
  ) {
    super(message);
  }
}

export class Conflict extends AppError {
  constructor(message: string, fields?: Record<string, string>) {
    super(409, 'conflict', message, fields);
  }
}

/** Something that worked once and never will again (a used or expired single-use link). */
export class Gone extends AppError {
  constructor(message: string) {
    super(410, 'gone', message);
  }
}

/** A write whose If-Match names a version the record has moved on from; `details.current` is the record as it is now. */
export class PreconditionFailed extends AppError {
  constructor(current: unknown) {
    super(412, 'precondition_failed', 'This record changed elsewhere. The newer version is shown now; make your change again if it is still needed.', undefined, { current });
  }
}

/** A request for a host this server does not serve (its Host header is not PUBLIC_URL's). */
export class MisdirectedRequest extends AppError {
  constructor(message: string) {
    super(421, 'misdirected_request', message);
  }
}

export class PayloadTooLarge extends AppError {
  constructor(message = 'The request body is too large.') {
    super(413, 'payload_too_large', message);
  }
}

export class UnsupportedMediaType extends AppError {
  constructor(message = 'Send the request body as JSON (Content-Type: application/json).') {
    super(415, 'unsupported_media_type', message);
  }
}

/** The request is well formed but its content cannot be used (an unreadable image, a locked PDF). */
export class Unprocessable extends AppError {
  constructor(message: string) {
    super(422, 'unprocessable', message);
  }
}

export class TooManyRequests extends AppError {
  constructor(message: string, readonly retryAfterSeconds: number) {
    super(429, 'too_many_requests', message);
  }
}

export class ServiceUnavailable extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(503, 'service_unavailable', message);
  }
}

/** The one error body, for REST answers (which add their request id) and socket acks alike. */
export function errorBody(err: AppError): Omit<ApiError, 'requestId'> {
  return {
    code: err.code,
    message: err.message,
    ...(err.fields ? { fields: err.fields } : {}),
    ...(err.details !== undefined ? { details: err.details } : {}),
    ...(err instanceof PasscodeRefused ? { remainingAttempts: err.remainingAttempts } : {}),
  };
}
