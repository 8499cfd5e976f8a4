/** Jest runs TypeScript as native ES modules through SWC; type checking is `npm run typecheck`. */
const swc = [
  '@swc/jest',
  {
    jsc: { parser: { syntax: 'typescript', tsx: true }, target: 'es2022', transform: { react: { runtime: 'automatic' } }, experimental: { keepImportAttributes: true } },
    module: { type: 'es6' },
  },
];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: ['/node_modules/'],
  testMatch: ['<rootDir>/test/{unit,api,signalling,load}/**/*.test.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  maxWorkers: 2,
  // Hooks too: a suite's real server and database pool start in beforeAll, twice as slow beside another busy core.
  testTimeout: 60_000,
};
