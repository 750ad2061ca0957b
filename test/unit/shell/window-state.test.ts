import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  fitToDisplays,
  parseWindowState,
  readWindowState,
  writeWindowState,
  DEFAULT_SIZE,
} from '../../../main/shell/window-state';

const laptop = { x: 0, y: 0, width: 1366, height: 728 };
const rightMonitor = { x: 1366, y: 0, width: 1920, height: 1040 };

describe('window placement', () => {
  it('centres a first start on the primary display', () => {
    const { bounds, maximized } = fitToDisplays(null, [rightMonitor]);
    expect(bounds).toEqual({ x: 1366 + 320, y: 120, width: DEFAULT_SIZE.width, height: DEFAULT_SIZE.height });
    expect(maximized).toBe(false);
  });

  it('keeps a saved place that is on a display', () => {
    const saved = { bounds: { x: 1500, y: 100, width: 1200, height: 800 }, maximized: true };
    expect(fitToDisplays(saved, [laptop, rightMonitor])).toEqual(saved);
  });

  it('brings back a window left on a monitor that is gone', () => {
    const saved = { bounds: { x: 1500, y: 100, width: 1200, height: 800 }, maximized: false };
    const { bounds } = fitToDisplays(saved, [laptop]);
    expect(bounds.x).toBeGreaterThanOrEqual(0);
    expect(bounds.x + bounds.width).toBeLessThanOrEqual(1366);
    expect(bounds.y + bounds.height).toBeLessThanOrEqual(728);
  });

  it('shrinks and moves a window larger than the display it is on', () => {
    const saved = { bounds: { x: -50, y: 600, width: 3000, height: 2000 }, maximized: false };
    expect(fitToDisplays(saved, [laptop]).bounds).toEqual({ x: 0, y: 0, width: 1366, height: 728 });
  });

  it('treats a window with only a sliver visible as lost', () => {
    const saved = { bounds: { x: 1300, y: 700, width: 1000, height: 700 }, maximized: false };
    expect(fitToDisplays(saved, [laptop]).bounds).toEqual({ x: 43, y: 0, width: 1280, height: 728 });
  });
});

describe('window state file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'resdesk-winstate-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('round-trips through the JSON file', () => {
    const file = path.join(dir, 'sub', 'window-state.json');
    writeWindowState(file, { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true });
    expect(readWindowState(file)).toEqual({
      bounds: { x: 10, y: 20, width: 1000, height: 700 },
      maximized: true,
    });
  });

  it('ignores damaged or hostile content', () => {
    const file = path.join(dir, 'bad.json');
    for (const content of [
      '{',
      '[]',
      'null',
      '{"bounds":{"x":"1","y":0,"width":10,"height":10}}',
      '{"bounds":{"x":1e308,"y":0,"width":10,"height":10}}',
      '{"bounds":{"x":0,"y":0,"width":-5,"height":10}}',
    ]) {
      writeFileSync(file, content);
      expect(readWindowState(file)).toBeNull();
    }
    expect(readWindowState(path.join(dir, 'missing.json'))).toBeNull();
    expect(
      parseWindowState(
        JSON.parse('{"__proto__":{"maximized":true},"bounds":{"x":0,"y":0,"width":900,"height":600}}'),
      ),
    ).toEqual({
      bounds: { x: 0, y: 0, width: 900, height: 600 },
      maximized: false,
    });
  });
});
