/**
 * Imported first by every entry (server/main.ts, db-cli.ts, audit-cli.ts, backup-cli.ts). ES modules run their imports
 * in order, so on an unsupported Node this ends the process with a sentence saying how to start it,
 * before any native module built for the project's Node (argon2, sharp...) is loaded: those crash an
 * older Node outright (a segmentation fault, exit 139).
 */
import { unsupportedRuntimeReason } from './node-version';
import { refuseStart } from './refuse-start';

const problem = unsupportedRuntimeReason();
if (problem) refuseStart(problem);
