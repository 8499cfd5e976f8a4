/** Builds the web app into dist/ when its sources are newer (as a server's first start would), for `npm test`. */
import { ensureWebBuild } from '../server/web-build';
import { ROOT } from './support/test-database';

await ensureWebBuild(ROOT);
