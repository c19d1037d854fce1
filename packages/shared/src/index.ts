export * from './constants';
export * from './colour-bands';
export * from './auth-schemas';
export * from './user';
export * from './interview';
export * from './report';
export * from './live-protocol';
export * from './speech-analytics';
