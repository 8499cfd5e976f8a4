import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Tests get their own embedded server and data directory, apart from the development one. */
export const TEST_DATA_DIR = path.join(ROOT, '.data-test');
export const TEST_PG_PORT = Number(process.env.TEST_PG_PORT ?? 54339);
