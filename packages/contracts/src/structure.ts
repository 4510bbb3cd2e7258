// Company structure (sites, workspaces, groups, audiences, poles and nodes, contacts, imports).
export * from './structure/common';
export * from './structure/sites';
export * from './structure/workspaces';
export * from './structure/groups';
export * from './structure/contacts';
export * from './structure/poles';
export * from './structure/audiences';
export * from './structure/imports';
export * from './structure/import-headers';
