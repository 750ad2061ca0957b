// Types for the lint configuration's exports that tests read (the layers table).
import type { Linter } from 'eslint';
import type { LayerTable } from './eslint-rules/layers';

export const layers: LayerTable;
declare const config: Linter.Config[];
export default config;
