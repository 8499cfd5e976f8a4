import { ServiceUnavailable, Unprocessable } from '../../errors';
import { log } from '../../log';
import { ClamdUnavailable, scanWithClamd, type ClamdAddress } from './clamd';

const VIRUS_FOUND = 'This file was refused by the virus scanner, so it was not saved. Check the device it came from with a virus scanner, then upload a clean copy of the document.';
const SCANNER_UNAVAILABLE = 'The virus scanner cannot be reached, so uploads are paused and nothing was saved. Please try again in a few minutes.';

/** clamd, when this server is set to scan uploads (CLAMD_SOCKET, or CLAMD_HOST and CLAMD_PORT). */
export interface VirusScanSettings {
  address: ClamdAddress;
  timeoutMs: number;
}

/**
 * With a scanner set, `bytes` go to clamd before anything else reads or keeps them: a file it finds a
 * signature in is refused (422); a scanner that cannot be asked refuses the upload too (503, fail closed).
 */
export async function assertNoVirus(scanner: VirusScanSettings | undefined, bytes: Uint8Array): Promise<void> {
  if (!scanner) return;
  const verdict = await scanWithClamd(scanner.address, bytes, scanner.timeoutMs).catch((err: Error) => {
    if (!(err instanceof ClamdUnavailable)) throw err;
    log.error({ reason: err.message }, 'upload refused: the virus scanner is unavailable');
    throw new ServiceUnavailable(SCANNER_UNAVAILABLE, 30);
  });
  if (verdict.clean) return;
  log.warn({ signature: verdict.signature }, 'upload refused by the virus scanner');
  throw new Unprocessable(VIRUS_FOUND);
}
