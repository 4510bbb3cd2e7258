import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config';
import { startEmbeddedServer } from '../db/embedded/embedded-server';
import { createTemplate, dropTemplate } from './template-db';

/**
 * The run's PostgreSQL server: the one DATABASE_URL names (CI), else an embedded server
 * started once here in a temporary folder. One migrated, seeded template database is built
 * on it; every test file then gets its own copy (`CREATE DATABASE ... TEMPLATE`).
 */
export default async function setup(project: TestProject) {
  const { DATABASE_URL } = loadConfig();
  let stopServer = async () => {};
  let serverUrl = DATABASE_URL;
  if (!serverUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'api-test-pg-'));
    const quiet = { info: () => {}, warn: (message: string) => console.warn(message) };
    const server = await startEmbeddedServer({ dataDir, database: 'postgres', log: quiet, throwaway: true }).catch((error) => {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    });
    serverUrl = server.adminUrl;
    stopServer = async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  let template: Awaited<ReturnType<typeof createTemplate>>;
  try {
    template = await createTemplate(serverUrl);
  } catch (error) {
    await stopServer();
    throw error;
  }
  project.provide('dbTemplate', template);
  return async () => {
    await dropTemplate(template);
    await stopServer();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: import('./template-db').TemplateRef;
  }
}
