// The voucher PDFs of a push round's answers, saved once every due answer has left: on a slow line a download per
// answer held the next answer back by a round trip and the file.
import path from 'node:path';
import type { SyncClient } from './ports';
import type { PushOptions, PushStore } from './push';

/** An answer the service gave a voucher link for. */
export interface RoundVoucher {
  id: number;
  keyField: string;
  url: string;
}

/** A file name that is safe on Windows and Linux for a KeyField full of pipes. */
export const voucherFileName = (keyField: string): string =>
  `${keyField.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 120)}.pdf`;

/**
 * Downloads each voucher and attaches it to its answer, telling the screens. A bonus: the answers are recorded
 * either way, so a voucher that cannot be had is skipped (the link is temporary), and a line that is down ends the
 * downloads.
 */
export async function saveVouchers(
  client: SyncClient,
  store: Pick<PushStore, 'attachVoucher'>,
  vouchers: readonly RoundVoucher[],
  options: Pick<PushOptions, 'voucherDir' | 'classify' | 'onDecision'>,
): Promise<void> {
  for (const voucher of vouchers) {
    const target = path.join(options.voucherDir, voucherFileName(voucher.keyField));
    try {
      await client.downloadFile(voucher.url, target);
      await store.attachVoucher(voucher.id, target);
      options.onDecision?.(voucher.keyField);
    } catch (error) {
      if (options.classify(error) === 'network') return;
    }
  }
}
