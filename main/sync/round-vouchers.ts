// The voucher PDFs of a push round's answers, saved once every due answer has left: on a slow line a download per
// answer held the next answer back by a round trip and the file. A voucher's link is temporary (the practice
// service's lasts 15 minutes, the live service's is not known), so in a long round the waiting ones are fetched as
// soon as the first of them has waited a minute.
import path from 'node:path';
import type { SyncClient } from './ports';
import type { PushOptions, PushStore } from './push';

/** An answer the service gave a voucher link for. */
export interface RoundVoucher {
  id: number;
  keyField: string;
  url: string;
}

/** How long a voucher may wait for the end of its round. */
export const VOUCHER_WAIT_MS = 60_000;

/** A file name that is safe on Windows and Linux for a KeyField full of pipes. */
export const voucherFileName = (keyField: string): string =>
  `${keyField.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 120)}.pdf`;

/**
 * Downloads each voucher and attaches it to its answer, telling the screens. A bonus: the answers are recorded
 * either way, so a voucher that cannot be had is skipped (the link is temporary), and a line that is down ends the
 * downloads.
 */
async function saveVouchers(
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

/** The round's vouchers, kept for after its answers. */
export class RoundVouchers {
  private waiting: RoundVoucher[] = [];
  private since = 0;

  constructor(
    private readonly client: SyncClient,
    private readonly store: Pick<PushStore, 'attachVoucher'>,
    private readonly options: Pick<PushOptions, 'voucherDir' | 'classify' | 'onDecision' | 'now'>,
  ) {}

  /** Keeps the voucher; fetches the waiting ones now when the first of them has waited VOUCHER_WAIT_MS. */
  async add(voucher: RoundVoucher): Promise<void> {
    const now = this.options.now().getTime();
    if (this.waiting.length === 0) this.since = now;
    this.waiting.push(voucher);
    if (now - this.since >= VOUCHER_WAIT_MS) await this.save();
  }

  /** Fetches every voucher still waiting. */
  async save(): Promise<void> {
    const due = this.waiting;
    this.waiting = [];
    await saveVouchers(this.client, this.store, due, this.options);
  }
}
