// `resdesk contracts list|add|change|remove|import|export` and `resdesk allotment`: the hotel's tour-operator
// contracts (its own data: the service carries none) and how much of each allotment is used, night by night.
// Every bad input ends in one plain line, exit non-zero; a file is imported whole or not at all.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { addDays, isRealDate, localDate } from '../../shared/calendar';
import {
  ALLOTMENT_KINDS,
  MAX_RELEASE_DAYS,
  parseWeekdayRooms,
  weekdayRoomsText,
  type AllotmentKind,
  type AllotmentNight,
  type Contract,
  type ContractInput,
} from '../../shared/domain';
import { allotmentUse } from '../contracts/allotment';
import { releaseReminders, releaseReminderText } from '../contracts/release-reminders';
import { ContractsFileRefused, readContractsFile, writeContractsFile } from '../contracts/contracts-file';
import { contractProblemText } from '../contracts/validate';
import { MappedCodes } from '../checks/mapped-codes';
import { DbTargetRefused, NO_DB, dbTarget, openStore, type DbTarget } from './open-store';
import { UsageError, wordsOf } from './args';
import { writeAskedFile } from './export-target';
import type { DeskStore } from '../store/engines/desk-store';
import { contractProblems } from '../../shared/contract-problems';

export const CONTRACTS_USAGE = `contracts list [--json]    contracts remove ID    contracts export FILE    contracts import FILE
           contracts add --agency ID --room-type CODE --from D --to D --rooms N [--weekdays 5,5,5,5,5,8,8]
             [--kind guaranteed|normal] [--release DAYS] [--note TEXT]    contracts change ID [the same options]
           (each operator's allotment of a room type in the hotel's codes; --user NAME says who; a file is CSV with
           the columns agency, room_type, from, to, rooms, weekday_rooms, kind, release_days, note)
  allotment --from D --to D [--agency ID] [--json] [--today D]    allotment --releases [--today D] [--json]
           (per operator, room type and night: allotted, used by confirmed bookings, asked by waiting ones, free,
           and whether the release day has passed; --releases: the unused rooms going back today and tomorrow)`;

const options = {
  db: { type: 'string' },
  agency: { type: 'string' },
  'room-type': { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  rooms: { type: 'string' },
  weekdays: { type: 'string' },
  kind: { type: 'string' },
  release: { type: 'string' },
  note: { type: 'string' },
  user: { type: 'string' },
  today: { type: 'string' },
  json: { type: 'boolean' },
  releases: { type: 'boolean' },
} as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>['values'];

const line = (c: Contract): string =>
  [
    c.id,
    c.agencyId,
    c.roomType,
    c.from,
    c.to,
    c.weekdayRooms ? weekdayRoomsText(c.weekdayRooms) : c.rooms,
    c.kind,
    c.releaseDays,
    c.note,
  ].join('\t');

const count = (text: string | undefined, what: string): number | undefined => {
  if (text === undefined) return undefined;
  if (!/^\d{1,4}$/.test(text.trim())) throw new Error(`--${what}: give a whole number (for example 5).`);
  return Number(text);
};

/** The options given, over `base` (a contract being changed) or the defaults of a new one. */
function entered(values: Values, base: ContractInput | null): ContractInput {
  const kind = values.kind?.trim().toLowerCase();
  if (kind !== undefined && !ALLOTMENT_KINDS.includes(kind as AllotmentKind))
    throw new Error('--kind: guaranteed or normal.');
  let weekdayRooms = base?.weekdayRooms ?? null;
  if (values.weekdays !== undefined) {
    const parsed = parseWeekdayRooms(values.weekdays);
    if (parsed === undefined)
      throw new Error('--weekdays: seven room counts, Monday to Sunday (5,5,5,5,5,8,8), or "" for none.');
    weekdayRooms = parsed;
  }
  return {
    agencyId: values.agency ?? base?.agencyId ?? '',
    roomType: values['room-type'] ?? base?.roomType ?? '',
    from: values.from ?? base?.from ?? '',
    to: values.to ?? base?.to ?? '',
    rooms: count(values.rooms, 'rooms') ?? base?.rooms ?? Number.NaN,
    weekdayRooms,
    kind: (kind as AllotmentKind | undefined) ?? base?.kind ?? 'normal',
    releaseDays: count(values.release, 'release') ?? base?.releaseDays ?? 0,
    note: values.note ?? base?.note ?? '',
  };
}

const idOf = (arg: string | undefined): number => {
  const id = Number(arg);
  if (!arg || !Number.isInteger(id) || id <= 0)
    throw new Error('Give the number of the contract (resdesk contracts list shows them).');
  return id;
};

async function contracts(
  store: DeskStore,
  db: DbTarget,
  action: string | undefined,
  arg: string | undefined,
  values: Values,
  out: (text: string) => void,
): Promise<void> {
  const user = values.user ?? process.env.RESDESK_USER ?? 'resdesk';
  const at = new Date().toISOString();
  switch (action) {
    case 'list': {
      const all = await store.listContracts();
      if (values.json) return out(JSON.stringify(all));
      for (const c of all) out(line(c));
      return out(`${all.length} contracts`);
    }
    case 'add': {
      const result = await store.addContract(entered(values, null), user, at, contractProblems);
      if ('problems' in result) throw new Error(result.problems.map(contractProblemText).join(' '));
      return out(values.json ? JSON.stringify(result.saved) : `Added: ${line(result.saved)}`);
    }
    case 'change': {
      const id = idOf(arg);
      const before = (await store.listContracts()).find((c) => c.id === id);
      if (!before) throw new Error(`There is no contract ${id}.`);
      const result = await store.updateContract(id, entered(values, before), user, at, contractProblems);
      if (!result) throw new Error(`There is no contract ${id}.`);
      if ('problems' in result) throw new Error(result.problems.map(contractProblemText).join(' '));
      return out(values.json ? JSON.stringify(result.saved) : `Changed: ${line(result.saved)}`);
    }
    case 'remove': {
      const removed = await store.removeContract(idOf(arg), user, at);
      if (!removed) throw new Error(`There is no contract ${arg}.`);
      return out(values.json ? JSON.stringify(removed) : `Removed: ${line(removed)}`);
    }
    case 'export': {
      if (!arg) throw new Error('Give the file to write: resdesk contracts export FILE.');
      const all = await store.listContracts();
      await writeAskedFile(arg, writeContractsFile(all), { db, option: 'FILE', example: 'contracts.csv' });
      return out(`${all.length} contracts written to ${arg}`);
    }
    case 'import': {
      if (!arg) throw new Error('Give the CSV file to read: resdesk contracts import FILE.');
      let text: string;
      try {
        text = readFileSync(arg, 'utf8');
      } catch {
        throw new Error(`${arg} could not be read. Check the file's name and folder.`);
      }
      const lines = readContractsFile(text);
      const unread = lines.flatMap((l) => ('problem' in l ? [`line ${l.line}: ${l.problem}`] : []));
      if (unread.length > 0) throw new Error(`Nothing was imported. ${unread.join(' ')}`);
      const inputs = lines.flatMap((l) => ('input' in l ? [{ line: l.line, input: l.input }] : []));
      const result = await store.addContracts(
        inputs.map((l) => l.input),
        user,
        at,
        contractProblems,
      );
      if ('problems' in result)
        throw new Error(
          `Nothing was imported. ${result.problems
            .map(
              (p) => `line ${inputs[p.index]?.line ?? '?'}: ${p.problems.map(contractProblemText).join(' ')}`,
            )
            .join(' ')}`,
        );
      return out(`${result.saved.length} contracts imported`);
    }
    default:
      throw new Error(`Usage: resdesk ${CONTRACTS_USAGE}`);
  }
}

const nightLine = (n: AllotmentNight): string =>
  [
    n.agencyId,
    n.roomType,
    n.night,
    n.allotted,
    n.used,
    n.asked,
    n.free,
    n.released ? 'released' : `release ${n.releaseOn}`,
  ].join('\t');

async function allotment(store: DeskStore, values: Values, out: (text: string) => void): Promise<void> {
  const today = values.today ?? localDate(new Date());
  if (!isRealDate(today)) throw new UsageError('--today: give the day as YYYY-MM-DD.');
  // A release today or tomorrow is of a night up to the longest release period ahead.
  const from = values.releases ? today : (values.from ?? today);
  const to = values.releases ? addDays(today, MAX_RELEASE_DAYS + 1) : (values.to ?? addDays(from, 13));
  for (const [name, value] of [
    ['from', from],
    ['to', to],
  ] as const)
    if (!isRealDate(value)) throw new Error(`--${name}: give the day as YYYY-MM-DD.`);
  if (to < from) throw new Error(`--to ${to} is before --from ${from}.`);
  if (addDays(from, 366) < to) throw new Error('Ask for a year at most.');
  const input = await store.allotmentInput(from, to);
  const codes = new MappedCodes();
  for (const m of input.mappings) codes.add(m);
  const nights = allotmentUse(input.contracts, input.nights, (a) => codes.of(a), { from, to, today }).filter(
    (n) => values.agency === undefined || n.agencyId === values.agency,
  );
  if (values.releases) {
    const due = releaseReminders(nights, today);
    if (values.json) return out(JSON.stringify(due));
    const names = new Map((await store.listAgencies()).map((a) => [a.id, a.name]));
    for (const r of due) out(releaseReminderText(r, names.get(r.agencyId) ?? r.agencyId));
    return out(`${due.length} releases due today or tomorrow`);
  }
  if (values.json) return out(JSON.stringify(nights));
  out(['agency', 'room type', 'night', 'allotted', 'used', 'asked', 'free', 'release'].join('\t'));
  for (const n of nights) out(nightLine(n));
  const over = nights.filter((n) => n.free < 0).length;
  return out(`${nights.length} nights${over > 0 ? `, ${over} over the allotment` : ''}`);
}

/** `resdesk contracts …` (command 'contracts') or `resdesk allotment …` (command 'allotment'). */
export async function contractsCommand(
  command: 'contracts' | 'allotment',
  argv: string[],
  out: (text: string) => void,
): Promise<void> {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(
      `${error instanceof Error ? error.message : String(error)} Usage: resdesk ${CONTRACTS_USAGE}`,
    );
  }
  const { values, positionals } = parsed;
  const [action, arg] = wordsOf(positionals, command === 'allotment' ? 0 : 2, CONTRACTS_USAGE);
  const target = dbTarget(values.db);
  if (!target) throw new DbTargetRefused(NO_DB);
  const opened = await openStore(target, { command });
  try {
    if (command === 'allotment') return await allotment(opened.store, values, out);
    try {
      return await contracts(opened.store, target, action, arg, values, out);
    } catch (error) {
      if (error instanceof ContractsFileRefused) throw new Error(error.message);
      throw error;
    }
  } finally {
    await opened.close();
  }
}
