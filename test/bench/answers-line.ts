// `npm run bench -- answers`: a round of answers on a slow line. Every request to the practice service is held
// `delayMs` (its delay fault), as a hotel's line and a distant service make it; the round's confirmations are sent
// and the time until the last of them reached the service is set against its bound: one bare request on the same
// line per answer (an answer is one request, and they leave one after another).
import { createExchangeClient } from '../../main/exchange';
import { startPracticeService } from '../../main/sandbox';
import { control, openDesk, tempDir, waitingNewKeys } from '../integration/sync/helpers';
import { median } from './median';

export interface AnswersOnLine {
  answers: number;
  delayMs: number;
  /** From the push's start until the last answer arrived at the service. */
  lastAnswerMs: number;
  /** The whole round: the answers, then their vouchers and confirmation numbers. */
  roundMs: number;
  /** One bare request on the same line (the agency list), median of five. */
  bareRequestMs: number;
  ratio: number;
}

export async function benchAnswersOnLine(answers = 10, delayMs = 300): Promise<AnswersOnLine> {
  const arrivedAt: number[] = [];
  let start = 0;
  const service = await startPracticeService({
    port: 0,
    reservations: 60,
    seed: 3,
    onRequest: (entry) => {
      if (/sendconfirmation/i.test(entry.path)) arrivedAt.push(performance.now() - start);
    },
  });
  const temp = tempDir('resdesk-bench-answers-');
  const desk = openDesk(temp.dir, service.url);
  try {
    await desk.sync();
    const keys = waitingNewKeys(desk.store, answers);
    if (keys.length < answers) throw new Error(`only ${keys.length} waiting reservations to answer`);
    for (const keyField of keys) await desk.decide({ keyField, action: 'confirm', note: '', user: 'Bench' });
    await control(service.url, 'faults', { kind: 'delay', delayMs, share: 1 });
    const client = createExchangeClient({
      baseUrl: service.url,
      user: 'demo',
      partnerId: 1001,
      format: 'json',
      getPassword: async () => 'demo',
    });
    await client.getHotelAgencies(); // signed in: the timed requests are one each
    const bare: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t = performance.now();
      await client.getHotelAgencies();
      bare.push(performance.now() - t);
    }
    start = performance.now();
    const pushed = await desk.pushNow();
    const roundMs = performance.now() - start;
    if (pushed.sent !== answers) throw new Error(`${pushed.sent} of ${answers} answers sent`);
    const bareRequestMs = median(bare);
    const lastAnswerMs = Math.max(...arrivedAt);
    return {
      answers,
      delayMs,
      lastAnswerMs: Math.round(lastAnswerMs),
      roundMs: Math.round(roundMs),
      bareRequestMs: Math.round(bareRequestMs),
      ratio: Number((lastAnswerMs / (answers * bareRequestMs)).toFixed(2)),
    };
  } finally {
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  }
}
