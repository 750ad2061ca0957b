// Packages loaded by Node itself (electron-updater, kept external by vitest as it is by the app's bundle)
// call require('electron'), which vitest's alias does not reach: without this they would get the
// electron package's launcher (a path to a binary that cannot run here). Put the fake Electron module
// into Node's require cache under that name, so they get the same fake instances the shell's code uses.
import { createRequire, Module } from 'node:module';
import * as fakeElectron from './fake-electron';

export function fakeElectronForNodeRequire(): void {
  const require = createRequire(import.meta.url);
  const file = require.resolve('electron');
  const entry = new Module(file);
  entry.filename = file;
  entry.loaded = true;
  entry.exports = fakeElectron;
  require.cache[file] = entry;
}
