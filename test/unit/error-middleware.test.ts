import { jest } from '@jest/globals';
import { errorHandler, reportUnhandledError } from '../../server/middleware/errors';
import type { AppContext } from '../../server/context';
import { log } from '../../server/log';

function streamError(message: string, code?: string): Error & { code?: string } {
  return Object.assign(new Error(message), code ? { code } : {});
}

const logged = jest.spyOn(log, 'error').mockImplementation(() => undefined);
afterEach(() => logged.mockClear());
afterAll(() => logged.mockRestore());

describe('reportUnhandledError', () => {
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
    expect(logged).toHaveBeenCalledWith({ error: 'EIO: i/o error, read', code: 'EIO' }, 'response failed after it started');
  });
});

describe('errorHandler', () => {
  /** Runs the handler around a route that throws `thrown`, as a database driver error would arrive. */
  async function answerTo(thrown: unknown): Promise<{ status: number; body: { code: string; message: string } }> {
    const ctx = { path: '/api/anything', method: 'POST', state: { requestId: 'req-1' }, status: 404, body: undefined, set: () => undefined };
    await errorHandler(ctx as unknown as AppContext, async () => {
      throw thrown;
    });
    return ctx as unknown as { status: number; body: { code: string; message: string } };
  }
  it.each([
    ['22021', 'Text contains a character that cannot be stored (U+0000 or an unpaired surrogate)'],
    ['22P05', 'Text contains a character that cannot be stored (U+0000 or an unpaired surrogate)'],
    ['22003', 'A number in the request is too large.'],
    ['22009', 'A value in the request has the wrong format.'],
    ['22008', 'A value in the request has the wrong format.'],
  ])('turns PostgreSQL %s, a value it cannot store, into a 400', async (code, message) => {
    const answer = await answerTo(Object.assign(new Error('db said no'), { code }));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'malformed_request', message });
  });

  it('keeps anything else a 500 that names no internals', async () => {
    const answer = await answerTo(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }));
    expect(answer.status).toBe(500);
    expect(answer.body.message).not.toMatch(/relation/);
    expect(logged).toHaveBeenCalledTimes(1);
  });
});
