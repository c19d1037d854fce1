export * from './constants';
export * from './colour-bands';
export * from './auth-schemas';
export * from './user';
