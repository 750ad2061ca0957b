// The messages between the browser-side bridge and the host, over one WebSocket. Requests carry an id so
// answers can arrive in any order; events are pushed as they happen.
import type { Events, IpcResult } from '../../../shared/ipc';

export interface BridgeRequest {
  kind: 'request';
  id: number;
  name: string;
  payload: unknown;
}

export type HostMessage =
  | { kind: 'result'; id: number; result: IpcResult<unknown> }
  | { kind: 'event'; event: keyof Events; payload: unknown };

/** What the host bakes into the bridge script when it bundles it. */
export interface BridgeConfig {
  url: string;
  requests: readonly string[];
  events: readonly string[];
}
