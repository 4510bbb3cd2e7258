export * from './identity';
export * from './reference';
export * from './tenancy';
export * from './communication';
export * from './surveys';
export * from './messaging';
export * from './structure';
export * from './commerce';
