// The environment a native build for Electron runs in, and the one sentence said when it fails.

/**
 * npm exports its `nodedir` setting (here set machine-wide to /usr) as npm_config_nodedir, and node-gyp
 * then compiles against those headers (Node's) whatever `--target` and `--runtime=electron` say: the
 * result loads under Node and fails in Electron. The Electron build runs without it; the ABI check after
 * the build is the safety net for any other way of picking the wrong headers.
 */
export async function withoutNodedir<T>(run: () => Promise<T>): Promise<T> {
  const saved = Object.entries(process.env).filter(([key]) => key.toLowerCase() === 'npm_config_nodedir');
  for (const [key] of saved) delete process.env[key];
  try {
    return await run();
  } finally {
    for (const [key, value] of saved) process.env[key] = value;
  }
}

const CAUSES: ReadonlyArray<{ pattern: RegExp; sentence: (electron: string) => string }> = [
  {
    pattern:
      /network connectivity|ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|getaddrinfo|fetch failed|socket hang up|status code 40[34]/i,
    sentence: (electron) =>
      `${electron}'s headers could not be downloaded: connect to the internet once (or set ELECTRON_REBUILD_DIST_URL to a headers mirror) and run it again`,
  },
  {
    pattern: /find any Python|python.*not found|No module named/i,
    sentence: () => 'node-gyp needs Python 3: install it (apt-get install python3) and run it again',
  },
  {
    pattern:
      /not found: make|make: not found|g\+\+: not found|c\+\+: not found|No such file or directory.*(cc|c\+\+)\b/i,
    sentence: () =>
      'node-gyp needs a C++ compiler and make: install them (apt-get install make g++) and run it again',
  },
];

/** "better-sqlite3 could not be built for Electron 45.4.1: <cause and what to do> (log: <file>)." */
export function buildFailureSentence(output: string, electron: string, logFile: string): string {
  const cause = CAUSES.find((c) => c.pattern.test(output));
  const what = cause ? cause.sentence(electron) : 'node-gyp failed, see the log for its output';
  return `better-sqlite3 could not be built for ${electron}: ${what} (log: ${logFile}).`;
}
