// Fakes the process-wide state behind Electron's session, net, screen, shell and contextBridge modules.
import { FakeSession } from './web-contents';

/** One 1920x1080 display, as a freshly started fake reports it. */
export function defaultDisplays() {
  return [
    {
      id: 1,
      workArea: { x: 0, y: 0, width: 1920, height: 1040 },
      bounds: { x: 0, y: 0, width: 1920, height: 1080 },
    },
  ];
}

export const state = {
  session: new FakeSession(),
  online: true,
  displays: defaultDisplays(),
  openedExternal: [] as string[],
  openedPaths: [] as string[],
  exposed: new Map<string, unknown>(),
};

/** Back to the state of a freshly started Electron: a new default session, one display, no recordings. */
export function resetState(): void {
  state.session = new FakeSession();
  state.online = true;
  state.displays = defaultDisplays();
  state.openedExternal = [];
  state.openedPaths = [];
  state.exposed = new Map();
}
