// The end-to-end setup: the real core (real SQLite in a fresh temp folder), a real practice service with
// its control API, the browser host and Chromium. Everything binds 127.0.0.1 on port 0 and is torn down by
// close(). Only the transport to the page differs from the Electron app.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WireFormat } from '../../shared/domain';
import { createCore, type CoreOptions } from '../../main/desk/core';
import type { AppPort, Core, Logger } from '../../main/kernel/core-types';
import type { Handlers } from '../../shared/ipc';
import { startPracticeService, type PracticeService, type PracticeServiceOptions } from '../../main/sandbox';
import { memoryStore } from '../../main/secrets/memory-store';
import { launchDesk, type DeskBrowser } from '../harness/chromium';
import { startBrowserHost, type BrowserHost } from '../harness/browser-host/host';

export const PRACTICE_LOGIN = { user: 'demo', password: 'demo', partnerId: 1001 } as const;

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

export interface ServiceState {
  acknowledged: { logId: number; serviceId: string; at: string }[];
  confirmations: {
    keyField: string;
    confirmationStatus: 'E' | 'H';
    confirmationNote: string | null;
    notconfirmationNote: string | null;
  }[];
  reservations: number;
  /** One-shot oddities put into answers (`POST /_sandbox/oddities`). */
  oddities: { delivered: { kind: string; keyField: string; logId: number }[] };
}

export interface RealDesk {
  core: Core;
  /** The desk's data folder (resdesk.db inside), for tests that put data straight into the store. */
  dataDir: string;
  host: BrowserHost;
  browser: DeskBrowser;
  /** The practice service the desk is connected to (absent in practice-mode tests, where the core runs its own). */
  service: PracticeService | null;
  /** Paths the core asked the shell to open (vouchers). */
  opened: string[];
  control(operation: 'arrive' | 'change' | 'cancel', body: Record<string, unknown>): Promise<string[]>;
  /** Queues a one-shot oddity for the service's next reservation answer (`POST /_sandbox/oddities`). */
  oddity(body: Record<string, unknown>): Promise<void>;
  serviceState(): Promise<ServiceState>;
  stopService(): Promise<void>;
  restartService(): Promise<void>;
  close(): Promise<void>;
}

export interface RealDeskOptions {
  /** Connect the desk to an own practice service through saveSetup (default true). */
  connected?: boolean;
  /** Options of the desk's own practice service, e.g. `dialect: 'original'` for the live service's names. */
  service?: PracticeServiceOptions;
  /** The data format saved for the desk's own practice service (default json). */
  format?: WireFormat;
  core?: CoreOptions;
  rendererDir: string;
  /** The browser's own language (navigator.language); tr-TR unless given. The desk's language is its own. */
  browserLocale?: string;
  /** The display's scaling, 1.25 for Windows' 125% (launchDesk). */
  scale?: number;
  /** Main's log (default: none kept). */
  logger?: Logger;
  /** What the Electron shell would pass: version, updates, an unclean stop (default: none, as in the CLI). */
  app?: AppPort;
  /**
   * Test-only: answers the browser host gives instead of the core's (a wrong shape, to make a screen
   * throw). Exists only in this harness; the app's IPC always answers with the core's handlers.
   */
  answers?: (handlers: Handlers) => Partial<Handlers>;
}

export async function startRealDesk(options: RealDeskOptions): Promise<RealDesk> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'resdesk-e2e-'));
  const serviceOptions: PracticeServiceOptions = {
    seed: 11,
    reservations: 40,
    fileReadyAfterMs: 50,
    ...options.service,
  };
  let service =
    options.connected === false ? null : await startPracticeService({ port: 0, ...serviceOptions });
  const opened: string[] = [];
  const core = createCore(
    {
      dataDir,
      credentials: memoryStore(),
      logger: options.logger ?? quiet,
      openPath: async (p) => void opened.push(p),
      app: options.app,
    },
    {
      pollIntervalMs: 60_000,
      practice: { reservations: 60, evolveEveryMs: 0, fileReadyAfterMs: 50 },
      // Answers go out at once unless a test is about the grace period (it passes its own).
      answerGraceDefaultSeconds: 0,
      ...options.core,
    },
  );
  await core.start();
  if (service) {
    await core.handlers.saveSetup({
      serviceUrl: service.url,
      format: options.format ?? 'json',
      ...PRACTICE_LOGIN,
    });
    await core.handlers.syncNow({});
  }
  const answered = options.answers
    ? {
        handlers: { ...core.handlers, ...options.answers(core.handlers) },
        on: core.on.bind(core),
        messages: core.messages,
      }
    : core;
  const host = await startBrowserHost({ core: answered, rendererDir: options.rendererDir });
  const browser = await launchDesk({ locale: options.browserLocale, scale: options.scale });
  await browser.page.goto(host.url);

  const serviceUrl = () => {
    if (!service) throw new Error('this desk has no own practice service');
    return service.url;
  };
  const port = service?.port ?? 0;
  return {
    core,
    dataDir,
    host,
    browser,
    get service() {
      return service;
    },
    opened,
    async control(operation, body) {
      const res = await fetch(`${serviceUrl()}/_sandbox/${operation}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`control ${operation} failed: ${res.status} ${await res.text()}`);
      const json = (await res.json()) as { reservations: { keyField: string }[] };
      return json.reservations.map((r) => r.keyField);
    },
    async oddity(body) {
      const res = await fetch(`${serviceUrl()}/_sandbox/oddities`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`oddity failed: ${res.status} ${await res.text()}`);
    },
    async serviceState() {
      return (await (await fetch(`${serviceUrl()}/_sandbox/state`)).json()) as ServiceState;
    },
    async stopService() {
      await service?.close();
      service = null;
    },
    async restartService() {
      // Same port and seed: the desk finds "its" service again, with the same starting world.
      service = await startPracticeService({ ...serviceOptions, port });
    },
    async close() {
      await browser.close();
      await host.close();
      await core.stop();
      await service?.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
