// Electron 45's download and rebuild tools (electron, @electron/rebuild) declare Node 22.12 or newer;
// on Node 20 they only warn and still work, as the test suites do: so a note, not a stop.
export const ELECTRON_TOOLS_NODE = [22, 12] as const;

export function nodeVersionNote(version: string): string | null {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const [needMajor, needMinor] = ELECTRON_TOOLS_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return `Note: Electron's tools want Node ${needMajor}.${needMinor} or newer, this is Node ${version}; if a download or native build fails, update Node first.`;
}
