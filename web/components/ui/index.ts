export * from './Button';
export * from './Card';
export * from './Badge';
export * from './Field';
export * from './Dialog';
export * from './Feedback';
export * from './Tabs';
export * from './Icon';
