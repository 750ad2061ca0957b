// An idle poll cycle (nothing new) must do no database writes; its time is printed against the floor of
// one bare getReservationList round trip to the same service.
import { startPracticeService } from '../../main/sandbox';
import { openDesk, tempDir } from '../integration/sync/helpers';
import { median } from './median';

export interface IdlePollBench {
  writes: number;
  idleCycleMs: number;
  bareListMs: number;
  ratio: number;
}

export async function benchIdlePoll(): Promise<IdlePollBench> {
  const service = await startPracticeService({ port: 0, reservations: 1500, fileReadyAfterMs: 0 });
  const temp = tempDir('resdesk-idle-');
  const desk = openDesk(temp.dir, service.url);
  try {
    await desk.sync();
    const changes = () => (desk.store.db.prepare('SELECT total_changes() AS n').get() as { n: number }).n;
    const before = changes();
    const cycles: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await desk.sync();
      cycles.push(performance.now() - start);
    }
    const writes = changes() - before;
    const bare: number[] = [];
    for (let i = 0; i < 5; i++) {
      const start = performance.now();
      await desk.client.getReservationList({
        checkInStart: '2026-01-01',
        checkInEnd: '2027-12-31',
        isSendRequired: true,
      });
      bare.push(performance.now() - start);
    }
    const r = (n: number) => Math.round(n * 100) / 100;
    return {
      writes,
      idleCycleMs: r(median(cycles)),
      bareListMs: r(median(bare)),
      ratio: r(median(cycles) / median(bare)),
    };
  } finally {
    await desk.close();
    desk.store.close();
    await service.close();
    temp.remove();
  }
}
