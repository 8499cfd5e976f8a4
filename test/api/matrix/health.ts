import { statuses, type MatrixRow } from './types';

export const rows: MatrixRow[] = [{ route: 'GET /api/health', expect: statuses(200) }];
