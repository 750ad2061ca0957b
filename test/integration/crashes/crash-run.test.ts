// A real crash in a real process: Node's own uncaughtException and unhandledRejection reach
// the desk's handlers, which write the redacted log and tell the receptionist once; the process ends
// without the clean quit, and the next start notices it (the run marker), while a clean stop leaves
// nothing to notice.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { markRunStopped, noticeUncleanStop, RUN_MARKER_FILE } from '../../../main/diagnostics/run-marker';
import type { Logger } from '../../../main/kernel/core-types';

const child = path.join(import.meta.dirname, 'crash-child.ts');

function recordingLogger() {
  const warnings: { message: string; fields?: Record<string, unknown> }[] = [];
  const logger: Logger = {
    info: () => undefined,
    warn: (message, fields) => warnings.push({ message, fields }),
    error: () => undefined,
  };
  return { logger, warnings };
}

describe('a crash in main', () => {
  it('reaches the log and the receptionist, and the next start notices the unclean stop', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resdesk-crash-run-'));
    const logFile = path.join(dataDir, 'logs', 'resdesk.log');
    const run = spawnSync(process.execPath, ['--import', 'tsx', child, dataDir, logFile], {
      encoding: 'utf8',
    });
    // Caught: neither the throw nor the rejection killed the process with Node's own report.
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);

    const lines = readFileSync(logFile, 'utf8').trim().split('\n');
    expect(lines.filter((l) => l.includes('an error nobody caught in main'))).toHaveLength(1);
    expect(lines.filter((l) => l.includes('a rejected promise nobody handled in main'))).toHaveLength(1);
    expect(lines.join('\n')).toContain('was wrong');
    expect(lines.join('\n')).not.toContain('hunter2');
    expect(readFileSync(path.join(dataDir, 'told'), 'utf8')).toBe('told\n');

    // It ended without the clean quit: the marker is still there, and the next start says so.
    expect(existsSync(path.join(dataDir, RUN_MARKER_FILE))).toBe(true);
    const next = recordingLogger();
    const startedAt = noticeUncleanStop(dataDir, next.logger, new Date());
    expect(startedAt).not.toBeNull();
    expect(Number.isNaN(Date.parse(startedAt ?? ''))).toBe(false);
    expect(next.warnings).toEqual([
      { message: 'the desk did not stop cleanly last time', fields: { startedAt } },
    ]);
  });

  it('after a clean stop the next start notices nothing', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'resdesk-clean-run-'));
    const first = recordingLogger();
    expect(noticeUncleanStop(dataDir, first.logger, new Date('2026-11-20T08:00:00Z'))).toBeNull();
    markRunStopped(dataDir);
    const second = recordingLogger();
    expect(noticeUncleanStop(dataDir, second.logger, new Date('2026-11-21T08:00:00Z'))).toBeNull();
    expect(second.warnings).toEqual([]);
    // This run's marker is in place for the next start.
    expect(readFileSync(path.join(dataDir, RUN_MARKER_FILE), 'utf8')).toBe('2026-11-21T08:00:00.000Z');
  });
});
