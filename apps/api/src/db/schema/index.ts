export * from './identity';
export * from './reference';
export * from './tenancy';
export * from './communication';
export * from './surveys';
