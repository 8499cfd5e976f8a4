import { createLogger } from '../../server/log';
import { viteJsonLogger } from '../../server/lib/vite-json-logger';
import { CapturedLines } from '../support/captured-log';

function captured() {
  const lines = new CapturedLines();
  return { lines, vite: viteJsonLogger(createLogger('info', lines)) };
}

describe("the web build's Vite logger", () => {
  it('writes warnings and errors as JSON lines without colours, and progress only at debug', () => {
    const { lines, vite } = captured();
    vite.info('\x1b[32mtransforming...\x1b[0m');
    vite.warn('\x1b[33m(!) Some chunks are larger than 600 kB\x1b[39m\n');
    const failure = new Error('could not resolve');
    vite.error('\x1b[31mBuild failed\x1b[39m', { error: failure });
    expect(lines.lines.map(({ level, vite: text, msg }) => ({ level, text, msg }))).toEqual([
      { level: 40, text: '(!) Some chunks are larger than 600 kB', msg: 'web build warning' },
      { level: 50, text: 'Build failed', msg: 'web build error' },
    ]);
    expect(vite.hasWarned).toBe(true);
    expect(vite.hasErrorLogged(failure)).toBe(true);
    expect(vite.hasErrorLogged(new Error('another'))).toBe(false);
  });

  it('writes a warnOnce message once', () => {
    const { lines, vite } = captured();
    vite.warnOnce('deprecated option');
    vite.warnOnce('deprecated option');
    expect(lines.raw).toHaveLength(1);
  });
});
