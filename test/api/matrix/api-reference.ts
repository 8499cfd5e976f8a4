import { statuses, type MatrixRow } from './types';

/** The API's description and its reference page are public: they hold no one's data. */
export const rows: MatrixRow[] = [
  { route: 'GET /api/openapi.json', expect: statuses(200) },
  { route: 'GET /api/docs', expect: statuses(200) },
  { route: 'GET /api/docs/:asset', path: () => '/api/docs/viewer.js', expect: statuses(200) },
];
