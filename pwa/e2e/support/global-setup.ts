/**
 * Starts one app process (fresh data folder, known admin password) for the whole browser run and
 * hands its address to the tests through vitest's provide/inject.
 */
import type { TestProject } from 'vitest/node';
import { startApp } from '../../../scripts/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
    /** The app's data folder: e-mails land in `outbox-log/mail/*.eml` (no SMTP configured). */
    dataDir: string;
  }
}

export default async function setup(project: TestProject) {
  // Chromium's push endpoints are https://jmt17.google.com/fcm/send/... or https://fcm.googleapis.com/...
  // (registration goes to a local stand-in, see fake-push-service.ts). This machine has no DNS for
  // those hosts, which the push endpoint rules would refuse, so the test app allows them.
  // 180 s: on a loaded 2-core machine the first start (migrations on a fresh PGlite) took ~60 s.
  const app = await startApp({ PUSH_ALLOW_HOSTS: 'fcm.googleapis.com,jmt17.google.com' }, 180_000);
  project.provide('baseURL', app.baseURL);
  project.provide('adminPassword', app.adminPassword);
  project.provide('dataDir', app.dataDir);
  return async () => {
    await app.stop();
  };
}
