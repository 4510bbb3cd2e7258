export * from './list-query';
export * from './resource';
export * from './use-resource';
