// Types for the plain-JavaScript layering rule, so the layering test stays type-checked.
import type { ESLint, Rule } from 'eslint';

export interface Layer {
  path: string;
  may: string[];
  node?: boolean;
  electron?: boolean;
}
export type LayerTable = Record<string, Layer>;

export function findLayerCycle(layers: LayerTable): string[] | null;
export const layersRule: Rule.RuleModule;
declare const plugin: ESLint.Plugin;
export default plugin;
