import { AppError, errorBody } from '../server/errors';
import { SIGNALLING_ERROR_CODES, type AckError, type SignallingErrorCode } from '../common/socket-events';
import { log } from '../server/log';

/** A refusal that only exists on the socket (not joined, wrong media mode). */
export class SignallingError extends Error {
  constructor(
    readonly code: SignallingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SignallingError';
  }
}

export const notJoined = () =>
  new SignallingError(SIGNALLING_ERROR_CODES.notJoined, 'Join the consultation first (consultation:join).');

/** Maps any thrown value to the ack's error shape by class; unknown errors get a generic message. */
export function toAckError(err: unknown, event: string, socketId: string): AckError {
  if (err instanceof SignallingError) return { code: err.code, message: err.message };
  if (err instanceof AppError) return errorBody(err);
  log.error('signalling handler failed', { event, socketId, error: err instanceof Error ? err.message : String(err) });
  return { code: SIGNALLING_ERROR_CODES.internal, message: 'Something went wrong. Please try again.' };
}
