// Python's own ElementTree over an answer's bytes, as the live service's Python client reads it: the
// bytes go in as they came (ElementTree honours the XML declaration's encoding and a byte order mark),
// items are found with findall(path) by plain tag names, each item read as {child.tag: child.text}.
// python3 is one of the packages the README and CI install; `hasPython` lets a machine without it skip.
import { execFileSync } from 'node:child_process';

const READER = `
import json, sys, xml.etree.ElementTree as ET
root = ET.fromstring(sys.stdin.buffer.read())
print(json.dumps([{child.tag: child.text for child in item} for item in root.findall(sys.argv[1])]))
`;

export function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'import xml.etree.ElementTree'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export function pythonFindAll(bytes: Buffer, path: string): Record<string, string | null>[] {
  const out = execFileSync('python3', ['-c', READER, path], { input: bytes });
  return JSON.parse(out.toString('utf8')) as Record<string, string | null>[];
}
