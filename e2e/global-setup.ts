import type { TestProject } from 'vitest/node';
import { startApp } from './app-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Starts the real app (built client, embedded database in a fresh directory) for the browser tests. */
export default async function setup(project: TestProject) {
  const app = await startApp();
  project.provide('baseURL', app.baseURL);
  return () => app.close();
}
