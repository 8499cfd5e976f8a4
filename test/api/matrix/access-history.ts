import { ownPatientData, type MatrixRow } from './types';

export const rows: MatrixRow[] = [{ route: 'GET /api/access-history', expect: ownPatientData(200) }];
