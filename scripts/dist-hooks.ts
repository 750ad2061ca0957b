// electron-builder hooks for `npm run dist` (scripts/dist.ts passes them in). beforePack makes sure the
// Electron build of better-sqlite3 exists for the platform and CPU being packed (electron-builder.yml packs
// it as resources/native); afterPack refuses a package whose native code would not load in its Electron.
// electron-builder's own rebuild (npmRebuild) stays off: it rebuilds node_modules in place, which would
// leave the checkout's tests and CLI with a module Node cannot load.
import { Arch, type AfterPackContext } from 'electron-builder';

// electron-builder gives both hooks the same context (PackContext).
type BeforePackContext = AfterPackContext;
import { electronTarget, type ElectronTarget } from './native/electron-target';
import { prepareElectronSqlite, type Rebuilder } from './native/prepare-electron-sqlite';
import { packedNativeProblems } from './native/verify-packed';

export interface HookOptions {
  /** Where the project's node_modules are (the checkout). */
  root?: string;
  /** build/electron-native by default. */
  nativeBase?: string;
  rebuild?: Rebuilder;
  say?: (line: string) => void;
}

function targetOf(context: BeforePackContext, options: HookOptions): ElectronTarget {
  const platform = context.electronPlatformName as NodeJS.Platform;
  return electronTarget(platform, Arch[context.arch], options.root);
}

export function distHooks(options: HookOptions = {}): {
  beforePack: (context: BeforePackContext) => Promise<void>;
  afterPack: (context: AfterPackContext) => Promise<void>;
} {
  return {
    async beforePack(context) {
      const target = targetOf(context, options);
      // node-gyp compiles for the machine it runs on; a Windows or macOS package is built on Windows or macOS.
      if (target.platform !== process.platform || target.arch !== process.arch) {
        throw new Error(
          `better-sqlite3 can only be built for Electron on the system it runs on: build the ${target.platform}-${target.arch} package on a ${target.platform}-${target.arch} machine.`,
        );
      }
      const prepared = await prepareElectronSqlite({
        target,
        ...(options.nativeBase ? { base: options.nativeBase } : {}),
        ...(options.rebuild ? { rebuild: options.rebuild } : {}),
        ...(options.say ? { say: options.say } : {}),
      });
      options.say?.(
        `${prepared.built ? 'Built' : 'Using'} better-sqlite3 for Electron ${target.electronVersion} (${prepared.file}).`,
      );
    },
    async afterPack(context) {
      const target = targetOf(context, options);
      const problems = packedNativeProblems(context.appOutDir, {
        ...target,
        runtime: `Electron ${target.electronVersion}`,
      });
      if (problems.length > 0) {
        const more =
          problems.length > 1
            ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})`
            : '';
        throw new Error(`The package would not run: ${(problems[0] ?? '').replace(/\.$/, '')}${more}.`);
      }
    },
  };
}
