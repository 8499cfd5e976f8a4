import path from 'node:path';
import { analyzeTsConfig } from 'ts-unused-exports';
import { ROOT } from '../support/test-database';

/** Exports that no import names because they are reached by path or by name at run time, each with where. */
const REACHED_AT_RUN_TIME: { file: RegExp; exports: string[]; by: string }[] = [
  { file: /^web\/scenes\/.+Page\.tsx$/, exports: ['default'], by: 'the router, which loads each screen lazily by its path (web/screens.ts)' },
  { file: /^web\/components\/(Patient|Doctor)Layout\.tsx$/, exports: ['PatientLayout', 'DoctorLayout'], by: 'the router, lazily, by path and export name (web/router.tsx)' },
  { file: /^web\/call\/sfu-session\.ts$/, exports: ['loadDevice'], by: "CallClient, through the SFU client's lazily loaded chunk" },
  { file: /^signalling\/media\/mediasoup\/sfu\.ts$/, exports: ['startMediasoupSfu'], by: 'signalling/media/index.ts, imported only when mediasoup is installed' },
  { file: /^test\/api\/matrix\/(?!types|fixtures).+\.ts$/, exports: ['rows'], by: 'the authorization matrix, which reads every file of the folder' },
  {
    file: /^(knexfile|vite\.config|test\/e2e\/playwright\.config|test\/support\/global-(setup|teardown))\.ts$/,
    exports: ['default'],
    by: 'knex, Vite, Playwright and jest, which load their configuration files themselves',
  },
];

const reachedAtRunTime = (file: string, exportName: string) => REACHED_AT_RUN_TIME.some((r) => r.file.test(file) && r.exports.includes(exportName));

describe('exports', () => {
  // Parses every file of the project once: a few seconds, more on a busy machine.
  it('every export of the project is imported somewhere, or reached at run time as listed above', () => {
    const analysis = analyzeTsConfig(path.join(ROOT, 'tsconfig.json'), ['--allowUnusedTypes', '--excludeDeclarationFiles']);
    const unused = Object.entries(analysis.unusedExports).flatMap(([fullPath, exports]) => {
      const file = path.relative(ROOT, fullPath);
      return exports.filter((e) => !reachedAtRunTime(file, e.exportName)).map((e) => `${file}:${e.location.line} ${e.exportName}`);
    });
    expect(unused).toEqual([]);
  }, 120_000);
});
