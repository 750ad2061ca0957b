// A screen's answer from main: asked when what it depends on changes, and handed to the screen only while that ask
// is the latest of a screen still shown. A screen left, or asked again, before its answer came never shows the late
// answer over a newer one.
import { useEffect, type DependencyList } from 'react';

/**
 * Runs `asking` now and whenever `deps` change (null from it: nothing to ask now); its answer goes to `then`, its
 * failure to `fail` (default: dropped, for what a screen can do without).
 */
export function useAskEffect<T>(
  asking: () => Promise<T> | null,
  deps: DependencyList,
  then: (answer: T) => void,
  fail: (error: unknown) => void = () => undefined,
): void {
  useEffect(
    () => {
      let live = true;
      asking()?.then(
        (answer) => live && then(answer),
        (error: unknown) => live && fail(error),
      );
      return () => {
        live = false;
      };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller's list, checked where it is written (additionalHooks in eslint.config.js)
    deps,
  );
}
