// `resdesk stop-sale add|list|remove`: the hotel's own closed dates, which the pre-confirm checks compare
// stays with (the service never sends them). Codes are the hotel's (what channel codes are mapped to), so
// one entry closes the room type for every agency. Every bad input ends in one plain line, exit non-zero.
import { parseArgs } from 'node:util';
import {
  MAX_HOTEL_CODE,
  MAX_STOP_SALE_NOTE,
  type StopSaleCodeKind,
  type StopSaleEntry,
} from '../../shared/domain';
import { hasInvisible } from '../../shared/one-line-text';
import { isRealDate } from '../../shared/calendar';
import { DbTargetRefused, NO_DB, dbTarget, openStore } from './open-store';
import { UsageError, wordsOf } from './args';

export const STOP_SALE_USAGE = `stop-sale add --room-type CODE|--room CODE --from D --to D [--note TEXT] [--user NAME]
           stop-sale list [--json]    stop-sale remove ID [--user NAME]
           (the hotel's own closed dates, in its own codes: the pre-confirm checks flag stays that touch them)`;

const options = {
  db: { type: 'string' },
  'room-type': { type: 'string' },
  room: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  note: { type: 'string' },
  user: { type: 'string' },
  json: { type: 'boolean' },
} as const;

const line = (s: StopSaleEntry): string =>
  [s.id, s.codeKind, s.hotelCode, s.from, s.to, s.note, s.createdBy].join('\t');

export async function stopSaleCommand(argv: string[], out: (text: string) => void): Promise<void> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)} Usage: resdesk ${STOP_SALE_USAGE}`,
    );
  }
  const { values, positionals } = parsed;
  const [action, arg] = wordsOf(positionals, 2, STOP_SALE_USAGE);
  // The desk's file or the hotel's database; a mistyped path is refused rather than opened as a new, empty file
  // (the stop-sale would be kept where no desk reads it).
  const target = dbTarget(values.db);
  if (!target) throw new DbTargetRefused(NO_DB);
  const user = values.user ?? process.env.RESDESK_USER ?? 'resdesk';
  const opened = await openStore(target, { command: 'stop-sale' });
  const store = opened.store;
  try {
    switch (action) {
      case 'list': {
        const all = await store.listStopSales();
        if (values.json) return out(JSON.stringify(all));
        for (const s of all) out(line(s));
        return out(`${all.length} stop-sales`);
      }
      case 'add': {
        const roomType = values['room-type']?.trim();
        const room = values.room?.trim();
        if ((roomType === undefined) === (room === undefined))
          throw new Error('Give the hotel code to close with either --room-type CODE or --room CODE.');
        const codeKind: StopSaleCodeKind = roomType !== undefined ? 'roomType' : 'room';
        const hotelCode = roomType ?? room ?? '';
        if (hotelCode === '') throw new Error('The hotel code to close is empty.');
        const note = values.note?.trim();
        for (const [option, text, max] of [
          [roomType !== undefined ? '--room-type' : '--room', hotelCode, MAX_HOTEL_CODE],
          ['--note', note ?? '', MAX_STOP_SALE_NOTE],
        ] as const) {
          if (text.length > max) throw new UsageError(`${option}: keep it to ${max} characters.`);
          if (hasInvisible(text))
            throw new UsageError(`${option}: remove the line breaks and other invisible characters.`);
        }
        const from = values.from;
        const to = values.to ?? from;
        for (const [name, value] of [
          ['from', from],
          ['to', to],
        ] as const)
          if (value === undefined || !isRealDate(value))
            throw new Error(
              `--${name}: give the ${name === 'from' ? 'first' : 'last'} closed day as YYYY-MM-DD.`,
            );
        if (from === undefined || to === undefined) return;
        if (to < from) throw new Error(`--to ${to} is before --from ${from}.`);
        const saved = await store.addStopSale({
          codeKind,
          hotelCode,
          from,
          to,
          note,
          user,
          at: new Date().toISOString(),
        });
        // Closing a code no channel code is mapped to closes nothing yet: say so, keep it anyway.
        if (!(await store.stopSaleHotelCodes())[codeKind].includes(saved.hotelCode))
          console.error(
            `Note: no ${codeKind === 'roomType' ? 'room type' : 'room'} is mapped to ${saved.hotelCode} yet, so this stop-sale flags nothing until one is.`,
          );
        return out(values.json ? JSON.stringify(saved) : `Added: ${line(saved)}`);
      }
      case 'remove': {
        const id = Number(arg);
        if (!arg || !Number.isInteger(id) || id <= 0)
          throw new Error('Give the number of the stop-sale to remove (resdesk stop-sale list shows them).');
        const removed = await store.removeStopSale(id, user, new Date().toISOString());
        if (!removed) throw new Error(`There is no stop-sale ${id}.`);
        return out(values.json ? JSON.stringify(removed) : `Removed: ${line(removed)}`);
      }
      default:
        throw new Error(`Usage: resdesk ${STOP_SALE_USAGE}`);
    }
  } finally {
    await opened.close();
  }
}
