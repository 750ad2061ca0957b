// The update list a feed answers (latest.yml, latest-linux.yml) is a few hundred bytes, and electron-updater reads
// whatever comes into memory whole: a wrong address serving a large file, or a broken proxy, cost a desk gigabytes.
// Before each check the list is read here first, at most FEED_FILE_MAX_BYTES of it, and a larger one is refused.
// A list that cannot be read here at all is left to electron-updater, which says why in its own failure.

/** Far more than any update list; far less than a desk can spare. */
export const FEED_FILE_MAX_BYTES = 1_048_576;

export class FeedFileTooLarge extends Error {
  constructor(readonly bytes: number) {
    super(
      `The update address answered ${bytes} bytes or more where a short update list belongs; it was not read.`,
    );
    this.name = 'FeedFileTooLarge';
  }
}

/** The list electron-updater's generic provider asks for on this platform. */
export function channelFile(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return 'latest.yml';
  if (platform === 'darwin') return 'latest-mac.yml';
  return 'latest-linux.yml';
}

/** Throws FeedFileTooLarge when the list at `url` is larger than the limit; reads no more than the limit. */
export async function refuseOversizedFeedFile(url: string, fetchList: typeof fetch = fetch): Promise<void> {
  const controller = new AbortController();
  let response: Response;
  try {
    response = await fetchList(url, { signal: controller.signal, headers: { 'cache-control': 'no-cache' } });
  } catch {
    return;
  }
  try {
    const declared = Number(response.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > FEED_FILE_MAX_BYTES) throw new FeedFileTooLarge(declared);
    const reader = response.body?.getReader();
    if (!reader) return;
    let seen = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      seen += value.byteLength;
      if (seen > FEED_FILE_MAX_BYTES) throw new FeedFileTooLarge(seen);
    }
  } finally {
    controller.abort();
  }
}
