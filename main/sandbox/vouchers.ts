// Voucher PDFs made by sendconfirmationv2. Their links are temporary, like the real service's:
// after the time-to-live the link answers 404, so the desk must download at once.
import { randomUUID } from 'node:crypto';

/** One request to the voucher host, as /_sandbox/state shows it (voucherRequests). */
export interface VoucherRequest {
  at: string;
  method: string;
  path: string;
  status: number;
  /** Whether any header that could carry the desk's token (cookie, token, authorization) came along. */
  hadToken: boolean;
  /** Which of those headers came, lower-case. */
  credentialHeaders: string[];
}

interface StoredVoucher {
  pdf: Buffer;
  expiresAt: number;
}

export class Vouchers {
  private readonly stored = new Map<string, StoredVoucher>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => Date,
  ) {}

  store(pdf: Buffer): string {
    const id = randomUUID();
    this.stored.set(id, { pdf, expiresAt: this.now().getTime() + this.ttlMs });
    return id;
  }

  find(id: string): Buffer | null {
    const voucher = this.stored.get(id.toLowerCase());
    if (!voucher) return null;
    if (voucher.expiresAt <= this.now().getTime()) {
      this.stored.delete(id.toLowerCase());
      return null;
    }
    return voucher.pdf;
  }
}
