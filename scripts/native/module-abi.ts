// Reads what a native addon (.node file) was built for without loading it: the binary format and CPU
// (ELF, PE, Mach-O headers) and how it registers itself. A V8-API addon such as better-sqlite3 exports
// `node_register_module_v<N>`, N being the NODE_MODULE_VERSION of the headers it was compiled against
// (Node 20: 115, Electron 45: 150); a Node-API addon such as keytar exports `napi_register_module_v1` and
// loads in any runtime. Loading the file is no test: Node cannot load an Electron build, and the other way.
import { readFileSync } from 'node:fs';

export type BinaryFormat = 'elf' | 'pe' | 'macho' | 'macho-universal' | 'unknown';
export type Registration = { kind: 'node-api' } | { kind: 'abi'; version: number } | { kind: 'none' };

export interface NativeModuleInfo {
  format: BinaryFormat;
  /** Node's names (x64, arm64, ia32, arm); null when the header does not say or the format is unknown. */
  arch: string | null;
  registration: Registration;
}

const ELF_MACHINES: Record<number, string> = { 0x03: 'ia32', 0x28: 'arm', 0x3e: 'x64', 0xb7: 'arm64' };
const PE_MACHINES: Record<number, string> = { 0x014c: 'ia32', 0x01c4: 'arm', 0x8664: 'x64', 0xaa64: 'arm64' };
const MACHO_CPUS: Record<number, string> = { 0x01000007: 'x64', 0x0100000c: 'arm64' };

function header(bytes: Buffer): Pick<NativeModuleInfo, 'format' | 'arch'> {
  if (bytes.length >= 20 && bytes.readUInt32BE(0) === 0x7f454c46) {
    const machine = bytes[5] === 2 ? bytes.readUInt16BE(18) : bytes.readUInt16LE(18);
    return { format: 'elf', arch: ELF_MACHINES[machine] ?? null };
  }
  if (bytes.length >= 64 && bytes.toString('latin1', 0, 2) === 'MZ') {
    const pe = bytes.readUInt32LE(0x3c);
    if (pe + 6 <= bytes.length && bytes.toString('latin1', pe, pe + 4) === 'PE\0\0') {
      return { format: 'pe', arch: PE_MACHINES[bytes.readUInt16LE(pe + 4)] ?? null };
    }
  }
  if (bytes.length >= 8 && bytes.readUInt32LE(0) === 0xfeedfacf) {
    return { format: 'macho', arch: MACHO_CPUS[bytes.readUInt32LE(4)] ?? null };
  }
  // A universal (fat) binary holds several CPUs; the registration symbol is the same in each slice.
  if (bytes.length >= 8 && bytes.readUInt32BE(0) === 0xcafebabe)
    return { format: 'macho-universal', arch: null };
  return { format: 'unknown', arch: null };
}

/**
 * The registration symbols are plain ASCII in the dynamic symbol table (ELF .dynstr, PE export names,
 * Mach-O string table with a leading underscore), so a byte search finds them in every format.
 */
function registration(bytes: Buffer): Registration {
  const text = bytes.toString('latin1');
  const versions = new Set([...text.matchAll(/node_register_module_v(\d+)/g)].map((m) => Number(m[1])));
  if (versions.size === 1) return { kind: 'abi', version: [...versions][0] ?? 0 };
  if (versions.size === 0 && text.includes('napi_register_module_v1')) return { kind: 'node-api' };
  return { kind: 'none' };
}

export function inspectNativeModule(file: string): NativeModuleInfo {
  const bytes = readFileSync(file);
  return { ...header(bytes), registration: registration(bytes) };
}

export interface NativeTarget {
  /** NODE_MODULE_VERSION the runtime loads (node_modules/electron/abi_version for Electron). */
  abi: number;
  runtime: string;
  platform: NodeJS.Platform;
  arch: string;
}

const FORMAT_OF: Partial<Record<NodeJS.Platform, BinaryFormat[]>> = {
  linux: ['elf'],
  win32: ['pe'],
  darwin: ['macho', 'macho-universal'],
};
const OS_NAMES: Record<BinaryFormat, string> = {
  elf: 'Linux',
  pe: 'Windows',
  macho: 'macOS',
  'macho-universal': 'macOS',
  unknown: 'an unknown system',
};

/** Why this addon cannot load in the target runtime, as one sentence; null when it can. */
export function nativeModuleProblem(file: string, name: string, target: NativeTarget): string | null {
  const info = inspectNativeModule(file);
  const formats = FORMAT_OF[target.platform] ?? [];
  if (!formats.includes(info.format)) {
    return `${name} is a binary for ${OS_NAMES[info.format]}, not ${target.platform}: build the package on the system it is for.`;
  }
  if (info.arch !== null && info.arch !== target.arch) {
    return `${name} is built for ${info.arch}, not ${target.arch}: build the package on a ${target.arch} machine.`;
  }
  const reg = info.registration;
  if (reg.kind === 'none') return `${name} does not look like a Node addon (no module registration found).`;
  if (reg.kind === 'abi' && reg.version !== target.abi) {
    return `${name} is built for module version ${reg.version}, but ${target.runtime} needs ${target.abi}: rebuild it for ${target.runtime}.`;
  }
  return null;
}
