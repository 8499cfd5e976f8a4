/** Errors that say PostgreSQL cannot be reached right now (refused, dropped, shutting down, or no connection in time). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  // PostgreSQL's own: shutting down or starting up (57P0x), connection exceptions (08xxx).
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

interface DriverError {
  code?: string;
  name?: string;
  message?: string;
  nativeError?: DriverError;
}

export function isDatabaseUnreachable(err: unknown): boolean {
  // Objection wraps the driver's error and keeps it in `nativeError`.
  const driver = ((err as DriverError)?.nativeError ?? err) as DriverError | undefined;
  if (!driver) return false;
  if (driver.code && UNREACHABLE_CODES.has(driver.code)) return true;
  if (driver.name === 'KnexTimeoutError') return true;
  return /Connection terminated|connection timeout|Client has encountered a connection error/i.test(driver.message ?? '');
}

/** The error's code or class, never its message (which may quote a query). */
export function describeDatabaseError(err: unknown): string {
  const driver = ((err as DriverError)?.nativeError ?? err) as DriverError | undefined;
  return driver?.code ?? driver?.name ?? 'unknown';
}
