export * from './constants';
export * from './schemas';
export type * from './api-types';
export * from './socket-events';
