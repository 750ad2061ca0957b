// `resdesk probe`: the connection check from a terminal, for the day a hotel first connects (and for
// whoever helps it): every read operation, nothing acknowledged or confirmed, one line per operation.
import { statSync } from 'node:fs';
import { runProbe, type ProbeReport } from '../probe/run-probe';
import { createSampleWriter } from '../probe/sample';
import { UsageError } from './args';
import { checkInWindow } from '../sync/checkin-window';
import type { WireFormat } from '../../shared/domain';

export interface ProbeArgs {
  serviceUrl: string;
  partnerId: number;
  user: string;
  password: string;
  format: WireFormat;
  json: boolean;
  saveSample?: string;
  out: (line: string) => void;
}

const pad = (text: string, width: number) => text.padEnd(width);

export function probeLines(report: ProbeReport): string[] {
  const lines = [
    `Service ${report.service || '(invalid address)'}, hotel ${report.partnerId}, ${report.format.toUpperCase()}, ` +
      `dialect: ${report.dialect ?? 'not known'}`,
  ];
  for (const s of report.steps) {
    const what = s.agencyId ? `${s.operation} ${s.agencyId}` : s.operation;
    const parts = [
      s.ok ? 'ok  ' : 'FAIL',
      pad(what, 48),
      pad(s.httpStatus === null ? '-' : String(s.httpStatus), 4),
      pad(`${s.ms} ms`, 9),
      s.items === null ? '' : `${s.items} items`,
    ];
    lines.push(parts.join(' ').trimEnd());
    if (s.error) lines.push(`     ${s.error}`);
    if (s.unknownFields.length) lines.push(`     unknown fields: ${s.unknownFields.join(', ')}`);
    if (s.unknownValues.length) lines.push(`     unknown values: ${s.unknownValues.join(', ')}`);
  }
  if (report.unreadable > 0)
    lines.push(
      `${report.unreadable} listed reservation(s) could not be read: a desk keeps them aside, unacknowledged.`,
    );
  if (report.jsonWorks !== null)
    lines.push(`JSON beside XML: ${report.jsonWorks ? 'works' : 'does not work'}.`);
  lines.push(
    report.ok
      ? 'Everything the desk needs works.'
      : 'Something the desk needs does not work: see the FAIL lines above.',
  );
  return lines;
}

/** Returns the exit code: 0 only when everything a desk needs works. */
export async function probeCommand(args: ProbeArgs): Promise<number> {
  // A folder, new or there: a file of that name would fail the probe's first answer with a raw EEXIST.
  if (args.saveSample && statSync(args.saveSample, { throwIfNoEntry: false })?.isDirectory() === false)
    throw new UsageError(`--save-sample ${args.saveSample} is a file; give a folder for the sample's files.`);
  const sample = args.saveSample ? createSampleWriter(args.saveSample) : null;
  const now = new Date();
  const window = checkInWindow(now, 0, 7);
  const report = await runProbe({
    serviceUrl: args.serviceUrl,
    user: args.user,
    partnerId: args.partnerId,
    format: args.format,
    getPassword: async () => args.password,
    window,
    onSample: sample ? (operation, text) => sample.add(operation, text) : undefined,
  });
  const files = sample?.finish() ?? [];
  if (args.json) args.out(JSON.stringify({ ...report, window, sample: args.saveSample ? files : undefined }));
  else {
    for (const line of probeLines(report)) args.out(line);
    if (args.saveSample)
      args.out(
        `Sample written to ${args.saveSample} (${files.length} files; token, password and guests' names and notes blanked).`,
      );
  }
  return report.ok ? 0 : 1;
}
