// When the desk sends its answers: at once after a decision (one more round when one is taken during a push),
// when an answer's grace period (Undo) ends, and never from a desk that is not talking to the service (with
// several desks the one that is hears of the decision at commit). The poller's cycles send due answers too.
import type { Desk } from '../operations/desk';

export interface AnswerSenderDeps {
  now: () => Date;
  /** The desk that sends, or null while none is connected. */
  desk: () => Desk | null;
  /** Whether this desk may send: false on the hotel's database while another PC talks to the service. */
  talking: () => boolean;
  /** When the earliest held answer falls due (ISO), or null; synchronous where the store is. */
  nextSendAfter: () => string | null | Promise<string | null>;
  /** After every push round: tell the other desks and the screens. */
  afterPush: () => void;
  /** Asked of a desk that may not send: let the one that does know soon. */
  notTalking: () => void;
}

export class AnswerSender {
  private pushing: Promise<void> | null = null;
  private pushAgain = false;
  private graceTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: AnswerSenderDeps) {}

  /** Sends what is due now; a decision taken while a push runs goes in one more round right after it. */
  readonly pushSoon = (): void => {
    if (!this.deps.talking()) {
      this.deps.notTalking();
      return;
    }
    if (this.pushing) {
      this.pushAgain = true;
      return;
    }
    this.pushing = (async () => {
      do {
        this.pushAgain = false;
        const desk = this.deps.desk();
        if (!desk) break;
        await desk.pushNow().catch(() => undefined);
      } while (this.pushAgain);
    })().finally(() => {
      this.pushing = null;
      this.scheduleHeldAnswers();
      this.deps.afterPush();
    });
  };

  /**
   * An answer held for its grace period goes out when the period ends: one timer, set for the earliest answer
   * still held, after every push.
   */
  scheduleHeldAnswers(): void {
    this.stopTimer();
    if (!this.deps.desk() || !this.deps.talking()) return;
    const set = (next: string | null): void => {
      if (next === null || this.graceTimer) return;
      const wait = Math.max(0, Date.parse(next) - this.deps.now().getTime()) + 50;
      this.graceTimer = setTimeout(this.pushSoon, wait);
      this.graceTimer.unref?.();
    };
    const next = this.deps.nextSendAfter();
    if (typeof next === 'string' || next === null) set(next);
    else void next.then(set, () => undefined);
  }

  /** Held, or due this minute and about to go; one due long ago waits for the line and is kept anyway. */
  answerInFlight(nextSendAfter: () => string | null): boolean {
    if (this.pushing) return true;
    if (!this.deps.desk()) return false;
    const next = nextSendAfter();
    return next !== null && Date.parse(next) > this.deps.now().getTime() - 60_000;
  }

  /** Waits for the push under way; with stopTimer first, nothing more goes out from here. */
  async settle(): Promise<void> {
    await this.pushing;
    this.stopTimer();
  }

  stopTimer(): void {
    if (this.graceTimer) clearTimeout(this.graceTimer);
    this.graceTimer = null;
  }
}
