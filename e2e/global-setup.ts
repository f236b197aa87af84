import type { TestProject } from 'vitest/node';
import { adminAccount } from './admin-account.ts';
import { startApp } from './app-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/**
 * Starts the real app (built client, embedded database in a fresh directory) for the browser
 * tests, with the staff account of admin-account.ts ensured at start-up as an operator would.
 */
export default async function setup(project: TestProject) {
  const app = await startApp({
    env: { ADMIN_EMAIL: adminAccount.email, ADMIN_PASSWORD: adminAccount.password },
  });
  project.provide('baseURL', app.baseURL);
  return () => app.close();
}
