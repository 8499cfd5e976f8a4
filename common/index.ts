export * from './constants';
export * from './consultation-status';
export * from './appointment-status';
export * from './schemas';
export type * from './api-types';
export * from './socket-events';
