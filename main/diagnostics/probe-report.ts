// The last connection check's report (the probe that Setup's "Test connection" runs), kept in the data
// folder for the diagnostics archive. The probe report holds the service's origin, the hotel number and
// each step's outcome: no password, token or guest.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ProbeReport } from '../probe/run-probe';

export const PROBE_REPORT_FILE = 'last-probe-report.json';

export function saveProbeReport(dataDir: string, report: ProbeReport, at: Date): void {
  writeFileSync(
    path.join(dataDir, PROBE_REPORT_FILE),
    JSON.stringify({ at: at.toISOString(), report }, null, 2),
  );
}

export function readProbeReport(dataDir: string): unknown {
  try {
    return JSON.parse(readFileSync(path.join(dataDir, PROBE_REPORT_FILE), 'utf8')) as unknown;
  } catch {
    return null;
  }
}
