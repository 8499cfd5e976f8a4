import { statuses, type MatrixRow } from './types';

export const rows: MatrixRow[] = [
  { route: 'GET /api/health', expect: statuses(200) },
  { route: 'GET /api/health/live', expect: statuses(200) },
  { route: 'GET /api/health/ready', expect: statuses(200) },
];
