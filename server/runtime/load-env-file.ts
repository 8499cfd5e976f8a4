/** Imported by every entry before anything reads its configuration: `.env` in the working directory, where present. */
import path from 'node:path';
import { loadEnvFileIfPresent } from './env-file';

loadEnvFileIfPresent(path.resolve('.env'));
