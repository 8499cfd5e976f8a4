/**
 * Imported by every entry before anything reads its configuration: the settings file ENV_FILE names,
 * by default `.env` in the working directory where present; ENV_FILE set empty reads none (the test
 * harnesses do, so a developer's .env cannot change what they test).
 */
import path from 'node:path';
import { loadEnvFileIfPresent } from './env-file';
import { refuseStart } from './refuse-start';

const named = process.env.ENV_FILE;
if (named !== '') {
  const file = path.resolve(named ?? '.env');
  if (!loadEnvFileIfPresent(file) && named !== undefined) refuseStart(`ENV_FILE names ${file}, which does not exist.`);
}
