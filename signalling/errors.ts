import { AppError, RefusedAccess, errorBody, type RefusedResource } from '../server/errors';
import { SIGNALLING_ERROR_CODES, type AckError, type SignallingErrorCode } from '../common/socket-events';
import { CONSULTATION_ENDED_MESSAGE } from '../common/consultation-status';
import { GUEST_LOBBY_MESSAGE } from '../common/constants';
import { log } from '../server/log';
import { isDatabaseUnreachable } from '../server/lib/database-errors';
import { databaseAway } from '../server/services/database-outage';

/** A refusal that only exists on the socket (not joined, wrong media mode, an ended session or consultation, a rate limit). */
export class SignallingError extends Error {
  constructor(
    readonly code: SignallingErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SignallingError';
  }
}

const NOT_JOINED_MESSAGE = 'Join the consultation first (consultation:join).';

export const notJoined = () => new SignallingError(SIGNALLING_ERROR_CODES.notJoined, NOT_JOINED_MESSAGE);

/**
 * A room request about a consultation the sender is no side of: answered not_joined, as to a side not yet in
 * the room (so it never tells whether the consultation exists or has ended), and audited as a refusal.
 */
export class RefusedRoomRequest extends SignallingError {
  constructor(readonly refused: RefusedResource) {
    super(SIGNALLING_ERROR_CODES.notJoined, NOT_JOINED_MESSAGE);
    this.name = 'RefusedRoomRequest';
  }
}

/** What a refusal was about, for its `denied` row: a record the data layer refused, or a stranger's room request. */
export function refusedResourceOf(failure: unknown): RefusedResource | undefined {
  return failure instanceof RefusedAccess || failure instanceof RefusedRoomRequest ? failure.refused : undefined;
}

export const consultationEnded = () => new SignallingError(SIGNALLING_ERROR_CODES.consultationEnded, CONSULTATION_ENDED_MESSAGE);

/** A guest the doctor has not let in yet: they wait in the lobby for 'guest:admitted'. */
export const inLobby = () => new SignallingError(SIGNALLING_ERROR_CODES.inLobby, GUEST_LOBBY_MESSAGE);

/** The socket's session expired or was revoked: answered, then the socket is closed. */
export class SessionEnded extends SignallingError {
  constructor() {
    super(SIGNALLING_ERROR_CODES.sessionEnded, 'Your session has ended. Please sign in again.');
    this.name = 'SessionEnded';
  }
}

/** Maps any thrown value to the ack's error shape by class, with the request's id; unknown errors get a generic message. */
export function toAckError(err: unknown, request: { event: string; socketId: string; requestId: string }): AckError {
  return { ...errorShape(err, request), requestId: request.requestId };
}

function errorShape(err: unknown, request: { event: string; socketId: string; requestId: string }): Omit<AckError, 'requestId'> {
  if (err instanceof SignallingError) return { code: err.code, message: err.message };
  if (err instanceof AppError) return errorBody(err);
  // The HTTP side logs an outage once; a line per socket event would flood the log while it lasts.
  if (isDatabaseUnreachable(err)) return errorBody(databaseAway());
  log.error({ ...request, error: err instanceof Error ? err.message : String(err) }, 'signalling handler failed');
  return { code: SIGNALLING_ERROR_CODES.internal, message: 'Something went wrong. Please try again.' };
}
