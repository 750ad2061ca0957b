// CPU a bench's PostgreSQL server spends: every process named postgres on this machine (the bench's own server,
// with nothing else running beside it), read from /proc.
import { readFileSync, readdirSync } from 'node:fs';

/** CPU ms every postgres process has used so far (USER_HZ is 100 on Linux). */
export function postgresCpuMs(): number {
  const tick = 10;
  let total = 0;
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (!stat.slice(stat.indexOf('(') + 1, close).startsWith('postgres')) continue;
      const fields = stat.slice(close + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12])) * tick;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}
