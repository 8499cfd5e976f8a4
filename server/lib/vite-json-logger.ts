import { stripVTControlCharacters } from 'node:util';
import type { Logger as PinoLogger } from 'pino';
import type { Logger as ViteLogger } from 'vite';

/**
 * A Vite logger that writes Vite's messages as the server's JSON log lines (colours stripped): the web
 * build the server runs at start-up then prints nothing else. Vite's progress goes to `debug`.
 */
export function viteJsonLogger(log: PinoLogger): ViteLogger {
  const warnedOnce = new Set<string>();
  const loggedErrors = new WeakSet<object>();
  const text = (message: string) => stripVTControlCharacters(message).trim();
  const logger: ViteLogger = {
    hasWarned: false,
    info: (message) => log.debug({ vite: text(message) }, 'web build'),
    warn: (message) => {
      logger.hasWarned = true;
      log.warn({ vite: text(message) }, 'web build warning');
    },
    warnOnce: (message) => {
      if (warnedOnce.has(message)) return;
      warnedOnce.add(message);
      logger.warn(message);
    },
    error: (message, options) => {
      if (options?.error) loggedErrors.add(options.error);
      log.error({ vite: text(message) }, 'web build error');
    },
    clearScreen: () => undefined,
    hasErrorLogged: (error) => loggedErrors.has(error),
  };
  return logger;
}
