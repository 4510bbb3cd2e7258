import type { TestProject } from 'vitest/node';
import { createTemplate, dropTemplate } from './template-db';

/**
 * Builds one migrated, seeded template database per run; every test file then gets
 * its own copy (a PGlite data dump, or `CREATE DATABASE ... TEMPLATE` on a server).
 */
export default async function setup(project: TestProject) {
  const template = await createTemplate();
  project.provide('dbTemplate', template);
  return async () => {
    await dropTemplate(template);
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: import('./template-db').TemplateRef;
  }
}
