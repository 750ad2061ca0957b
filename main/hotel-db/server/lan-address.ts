// The address the other PCs reach this one at: its first IPv4 address on a private network (a hotel's LAN is
// one of 10/8, 172.16/12, 192.168/16), else any non-loopback IPv4, else null (not on a network yet).
import { networkInterfaces } from 'node:os';

export const isPrivateIpv4 = (a: string): boolean =>
  /^10\./.test(a) || /^192\.168\./.test(a) || /^172\.(1[6-9]|2\d|3[01])\./.test(a);

export function lanAddress(interfaces = networkInterfaces()): string | null {
  const found = Object.values(interfaces)
    .flatMap((list) => list ?? [])
    .filter((i) => i.family === 'IPv4' && !i.internal)
    .map((i) => i.address);
  return found.find(isPrivateIpv4) ?? found.find((a) => !a.startsWith('169.254.')) ?? null;
}
