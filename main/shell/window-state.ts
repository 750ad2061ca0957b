// Remembers where the receptionist left the window. Pure placement logic plus a small JSON file in
// userData; the saved place is always fitted to the displays present now, because reception PCs lose
// their second monitor and change resolution, and a window restored off-screen looks like a crash.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1280, height: 800 } as const;
export const MIN_SIZE = { width: 900, height: 600 } as const;
/** At least this much of the window (its title bar area) must be on a display to keep the saved place. */
const MIN_VISIBLE = { width: 200, height: 80 } as const;

const isFiniteInt = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && Math.abs(v) < 1e6;

/** The saved file's content, or null when it is missing, damaged or from a different shape. */
export function parseWindowState(value: unknown): WindowState | null {
  if (typeof value !== 'object' || value === null) return null;
  const bounds: unknown = Reflect.get(value, 'bounds');
  const maximized: unknown = Reflect.get(value, 'maximized');
  if (typeof bounds !== 'object' || bounds === null) return null;
  const [x, y, width, height] = ['x', 'y', 'width', 'height'].map((k) => Reflect.get(bounds, k));
  if (!isFiniteInt(x) || !isFiniteInt(y) || !isFiniteInt(width) || !isFiniteInt(height)) return null;
  if (width <= 0 || height <= 0) return null;
  return {
    bounds: { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) },
    maximized: maximized === true,
  };
}

const overlap = (a: Rect, b: Rect): { width: number; height: number } => ({
  width: Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x)),
  height: Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y)),
});

const clamp = (value: number, min: number, max: number): number =>
  Math.min(Math.max(value, min), Math.max(min, max));

function centred(area: Rect): Rect {
  const width = Math.min(DEFAULT_SIZE.width, area.width);
  const height = Math.min(DEFAULT_SIZE.height, area.height);
  return {
    x: area.x + Math.floor((area.width - width) / 2),
    y: area.y + Math.floor((area.height - height) / 2),
    width,
    height,
  };
}

/**
 * Where to open the window: the saved place if enough of it is on one of `workAreas` (first = primary),
 * shrunk and moved so it lies wholly inside that display; otherwise centred on the primary display.
 */
export function fitToDisplays(saved: WindowState | null, workAreas: readonly Rect[]): WindowState {
  const primary = workAreas[0] ?? { x: 0, y: 0, width: DEFAULT_SIZE.width, height: DEFAULT_SIZE.height };
  if (!saved) return { bounds: centred(primary), maximized: false };
  let best: Rect | null = null;
  let bestArea = 0;
  for (const area of workAreas) {
    const o = overlap(saved.bounds, area);
    if (o.width >= MIN_VISIBLE.width && o.height >= MIN_VISIBLE.height && o.width * o.height > bestArea) {
      best = area;
      bestArea = o.width * o.height;
    }
  }
  if (!best) return { bounds: centred(primary), maximized: saved.maximized };
  const width = clamp(saved.bounds.width, Math.min(MIN_SIZE.width, best.width), best.width);
  const height = clamp(saved.bounds.height, Math.min(MIN_SIZE.height, best.height), best.height);
  return {
    bounds: {
      x: clamp(saved.bounds.x, best.x, best.x + best.width - width),
      y: clamp(saved.bounds.y, best.y, best.y + best.height - height),
      width,
      height,
    },
    maximized: saved.maximized,
  };
}

export function readWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return null;
  }
}

/** Written to a temporary file and renamed, so a power cut mid-write leaves the old place, not garbage. */
export function writeWindowState(file: string, state: WindowState): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.tmp`;
  writeFileSync(temporary, JSON.stringify(state), 'utf8');
  renameSync(temporary, file);
}
