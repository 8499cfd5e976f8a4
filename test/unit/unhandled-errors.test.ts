import { jest } from '@jest/globals';
import { reportUnhandledError } from '../../server/middleware/errors';
import { log } from '../../server/log';

function streamError(message: string, code?: string): Error & { code?: string } {
  return Object.assign(new Error(message), code ? { code } : {});
}

describe('reportUnhandledError', () => {
  const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
  afterEach(() => logged.mockClear());
  afterAll(() => logged.mockRestore());

  it.each([
    ['Premature close', 'ERR_STREAM_PREMATURE_CLOSE'],
    ['socket hang up', 'ECONNRESET'],
    ['write EPIPE', 'EPIPE'],
    ['aborted', undefined],
  ])('stays quiet when the client went away (%s)', (message, code) => {
    reportUnhandledError(streamError(message, code));
    expect(logged).not.toHaveBeenCalled();
  });

  it('logs any other failure as one line with its message and code', () => {
    reportUnhandledError(streamError('EIO: i/o error, read', 'EIO'));
    expect(logged).toHaveBeenCalledWith('response failed after it started', { error: 'EIO: i/o error, read', code: 'EIO' });
  });
});
