// Mapping as a receptionist meets it, against the real core and practice service, in
// Chromium, in Turkish and English, at 1366×768 and at 125 % (deviceScaleFactor 1.25):
// - "Map" on a reservation lands on that agency and code, the row scrolled into view and its picker
//   focused, even when the list is long and the screen was left on another kind and filter;
// - a "Saved ✓" never shows on an unmapped row after switching agency (marks belong to agency + code);
// - the hotel's codes are picked from the hotel's list; a new one is added on purpose, and one already in
//   the list in another case (Turkish İ included) is refused with a sentence;
// - a code mapped once for all agencies is mapped for another agency's reservation too;
// - another agency's mappings can be copied into the codes this one has not mapped;
// - axe finds nothing serious with the hotel-code list or the add form open.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { Agency, StayCodeKind } from '../../shared/domain';
import type { ReservationDetail } from '../../shared/ipc';
import { Store } from '../../main/store';
import { seriousAxeFindings } from '../harness/axe';
import { buildRenderer } from '../harness/browser-host/build-renderer';
import { makeGuest, makeReservation } from '../unit/store/fixtures';
import { rowOf } from './e2e-helpers';
import { startRealDesk, type RealDesk } from './real-desk';

const words = {
  tr: {
    agency: 'Acente',
    all: 'Tümü',
    nationalities: 'Uyruklar',
    onlyUnmapped: 'Yalnızca eşleşmemişler',
    search: 'Kod ya da ad ara',
    notMapped: 'Eşleşmemiş',
    saved: 'Kaydedildi ✓',
    mappedForAll: 'Tüm acenteler için',
    hotelCodeFor: (code: string) => `${code} için otel kodu`,
    forAllFor: (code: string) => `${code} kodunu tüm acenteler için eşleştir`,
    addOption: (code: string) => `+ “${code}” kodunu otelin kodlarına ekle…`,
    code: 'Kod',
    name: 'Ad (isteğe bağlı)',
    addAndMap: 'Ekle ve eşleştir',
    cancel: 'Vazgeç',
    taken: (code: string, kind: string) =>
      `${code} otelin listesinde zaten var (${kind}). Yeniden eklemek yerine listeden seçin.`,
    unlisted: 'Kaydedilmedi: otelin listesinden bir kod seçin ya da yeni kod olarak ekleyin.',
    unknown: (code: string, kind: string) =>
      `${code} otelin listesinde yok (${kind}). Listeden bir kod seçin ya da önce listeye ekleyin.`,
    roomType: 'Oda tipi',
    copyFrom: 'Şu acenteden kopyala:',
    copy: 'Eşleşmemiş kodlara kopyala',
    copied: (count: number, agency: string) => `${agency} acentesinden ${count} kod kopyalandı.`,
    unmappedOf: (text: string | null) => Number(/(\d+) tanesi/.exec(text ?? '')?.[1]),
  },
  en: {
    agency: 'Agency',
    all: 'All',
    nationalities: 'Nationalities',
    onlyUnmapped: 'Only unmapped',
    search: 'Find a code or name',
    notMapped: 'Not mapped',
    saved: 'Saved ✓',
    mappedForAll: 'For all agencies',
    hotelCodeFor: (code: string) => `Hotel code for ${code}`,
    forAllFor: (code: string) => `Map ${code} for all agencies`,
    addOption: (code: string) => `+ Add “${code}” to the hotel's codes…`,
    code: 'Code',
    name: 'Name (optional)',
    addAndMap: 'Add and map',
    cancel: 'Cancel',
    taken: (code: string, kind: string) =>
      `${code} is already in the hotel's list (${kind}). Pick it from the list instead of adding it again.`,
    unlisted: "Not saved: pick a code from the hotel's list, or add it as a new code.",
    unknown: (code: string, kind: string) =>
      `${code} is not in the hotel's list (${kind}). Pick a code from the list, or add it to the list first.`,
    roomType: 'Room type',
    copyFrom: 'Copy mappings from',
    copy: 'Copy to unmapped codes',
    copied: (count: number, agency: string) =>
      `${count} ${count === 1 ? 'code' : 'codes'} copied from ${agency}.`,
    unmappedOf: (text: string | null) => Number(/^(\d+) of/.exec(text ?? '')?.[1]),
  },
} as const;

type Shown = ReservationDetail['reservation'];

/** Filler reservations of one agency, each with a room code of its own: the agency's list grows long. */
const FILLERS = 400;

let rendererDir = '';
beforeAll(async () => {
  rendererDir = await buildRenderer();
});

const configs = [
  { language: 'tr', scale: 1, name: 'Turkish, 1366×768' },
  { language: 'en', scale: 1.25, name: 'English, 1366×768 at 125%' },
  { language: 'tr', scale: 1.25, name: 'Turkish, 1366×768 at 125%' },
  { language: 'en', scale: 1, name: 'English, 1366×768' },
] as const;

describe.each(configs)('mapping: $name (real core, Chromium)', (config) => {
  const w = words[config.language];
  let desk: RealDesk;
  let page: Page;
  let errors: string[];
  // Anatolian Sun Tours and Britannia Sun & Sea: the same codes, so one mapping can serve both.
  let ast: Agency;
  let bss: Agency;
  let a: Shown;
  let b: Shown;

  const mapping = () => page.getByTestId('mapping-screen');
  const rowIn = (agency: Agency, kind: StayCodeKind, code: string): Locator =>
    page.locator(
      `.mapping-table tr[data-agency=${JSON.stringify(agency.id)}][data-code=${JSON.stringify(`${kind}:${code}`)}]`,
    );
  const picker = (row: Locator, code: string) => row.getByRole('combobox', { name: w.hotelCodeFor(code) });
  const isFocused = (locator: Locator) => locator.evaluate((el) => el.ownerDocument.activeElement === el);
  const chooseAgency = async (agency: Agency) => {
    await mapping().getByLabel(w.agency, { exact: true }).selectOption(agency.id);
    await page
      .locator(`.mapping-table tr[data-agency=${JSON.stringify(agency.id)}]`)
      .first()
      .waitFor();
  };
  const openReservation = async (keyField: string) => {
    await page.locator('[data-view="inbox"]').click();
    await rowOf(page, keyField).click();
  };
  /** The row lies inside the table's visible part (below its sticky header). */
  const inSight = async (row: Locator) => {
    const box = await page.locator('.table-scroll').boundingBox();
    const head = await page.locator('.mapping-table thead').boundingBox();
    const r = await row.boundingBox();
    if (!box || !head || !r) return false;
    return r.y >= head.y + head.height - 1 && r.y + r.height <= box.y + box.height + 1;
  };

  beforeAll(async () => {
    desk = await startRealDesk({
      rendererDir,
      service: { reservations: 0 },
      browserLocale: config.language === 'tr' ? 'tr-TR' : 'en-GB',
    });
    ({ page, errors } = desk.browser);
    // 125 %: what a reception PC set to 125 % scaling renders; the same CDP call Playwright's
    // deviceScaleFactor makes, on the desk's own page.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: 1366,
      height: 768,
      deviceScaleFactor: config.scale,
      mobile: false,
    });
    expect(await page.evaluate('window.devicePixelRatio')).toBe(config.scale);
    if (config.language === 'en') await page.locator('.language-switch button[lang="en"]').click();

    const agencies = await desk.core.handlers.listAgencies({});
    const named = (name: string) => {
      const found = agencies.find((x) => x.name.startsWith(name));
      if (!found) throw new Error(`no agency ${name}`);
      return found;
    };
    ast = named('Anatolian Sun');
    bss = named('Britannia');
    const [aKey = ''] = await desk.control('arrive', { agencyId: ast.id });
    const [bKey = ''] = await desk.control('arrive', { agencyId: bss.id });
    await desk.core.handlers.syncNow({});
    a = (await desk.core.handlers.getReservation({ keyField: aKey })).reservation;
    b = (await desk.core.handlers.getReservation({ keyField: bKey })).reservation;

    // Britannia's list grows long: 400 live reservations received earlier, each in a room of its own.
    const store = Store.open(path.join(desk.dataDir, 'resdesk.db'));
    try {
      const fillers = Array.from({ length: FILLERS }, (_, i) =>
        makeReservation({
          keyField: `filler-${i}`,
          logId: 900_000 + i,
          agencyId: bss.id,
          confirmationStatus: 'E',
          roomId: `Z${String(i).padStart(3, '0')}`,
          roomName: `Filler room ${i}`,
          roomTypeId: '',
          accomId: '',
          guests: [makeGuest('FILLER GUEST', `filler-${i}`, { nationality: '' })],
        }),
      );
      store.importBatch(fillers, '2026-01-01T00:00:00.000Z');
    } finally {
      store.close();
    }
  });

  afterAll(async () => {
    await desk.close();
  });

  it('"Map" on a reservation lands on its agency and code, focused; the saved mark stays with that agency', async () => {
    await openReservation(a.keyField);
    await page.locator('[data-field="board"] .not-mapped').click();

    const row = rowIn(ast, 'board', a.accomId);
    await row.waitFor();
    expect(await mapping().getByLabel(w.agency, { exact: true }).inputValue()).toBe(ast.id);
    expect(await row.getAttribute('class')).toContain('focused');
    const input = picker(row, a.accomId);
    await expect.poll(() => isFocused(input)).toBe(true);
    expect(await inSight(row)).toBe(true);
    const coverage = page.getByTestId('coverage');
    const before = w.unmappedOf(await coverage.textContent());

    // The hotel's list is empty: what is typed is offered to be added, on purpose, with a name.
    await input.fill('HD');
    await page.getByRole('option', { name: w.addOption('HD') }).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await input.press('Enter');
    const form = row.locator('form.add-hotel-code');
    await form.getByLabel(w.name).waitFor();
    expect(await seriousAxeFindings(page)).toEqual([]);
    await form.getByLabel(w.name).fill('Her şey dahil');
    await form.getByRole('button', { name: w.addAndMap }).click();
    await row.locator('.save-state.saved', { hasText: w.saved }).waitFor();
    expect(await input.inputValue()).toBe('HD');
    await expect.poll(async () => w.unmappedOf(await coverage.textContent())).toBe(before - 1);

    // Another agency: the same code there is unmapped, and no row shows a saved mark.
    await chooseAgency(bss);
    const there = rowIn(bss, 'board', a.accomId);
    await there.waitFor();
    expect(await there.locator('.save-state').textContent()).toContain(w.notMapped);
    expect(await picker(there, a.accomId).inputValue()).toBe('');
    expect(await mapping().locator('.save-state.saved').count()).toBe(0);
    expect(await mapping().getByText(w.saved).count()).toBe(0);

    // Back: the mark is the store's word for that agency's code, so it is still there.
    await chooseAgency(ast);
    await rowIn(ast, 'board', a.accomId).locator('.save-state.saved').waitFor();
    expect(errors).toEqual([]);
  });

  it("a code mapped once for all agencies is mapped for the other agency's reservation too", async () => {
    await page.locator('[data-view="mapping"]').click();
    await chooseAgency(ast);
    const row = rowIn(ast, 'board', b.accomId);
    await row.waitFor();
    const forAll = row.getByRole('checkbox', { name: w.forAllFor(b.accomId) });
    if (b.accomId === a.accomId) {
      // Mapped for Anatolian already: ticking makes that mapping the one for all agencies.
      await forAll.check();
    } else {
      // Ticked first, then picked from the hotel's list with the mouse.
      await forAll.check();
      await picker(row, b.accomId).click();
      await page.getByRole('option', { name: 'HD · Her şey dahil' }).click();
    }
    await row.locator('.mapped-for-all', { hasText: w.mappedForAll }).waitFor();
    await row.locator('.save-state.saved').waitFor();
    expect(await forAll.isChecked()).toBe(true);

    await chooseAgency(bss);
    const there = rowIn(bss, 'board', b.accomId);
    expect(await picker(there, b.accomId).inputValue()).toBe('HD');
    await there.locator('.mapped-for-all', { hasText: w.mappedForAll }).waitFor();
    expect(await there.locator('.save-state.saved').count()).toBe(0);
    expect(await there.getByRole('checkbox', { name: w.forAllFor(b.accomId) }).isChecked()).toBe(true);

    // Britannia's reservation: its board is mapped, with no "not mapped" link any more.
    await openReservation(b.keyField);
    await page.locator('[data-field="board"] .hotel-code').waitFor();
    expect(await page.locator('[data-field="board"] .hotel-code').textContent()).toContain('HD');
    expect(await page.locator('[data-field="board"] .not-mapped').count()).toBe(0);
    const [checks] = await desk.core.handlers.getChecks({ keyFields: [b.keyField] });
    expect(checks?.checks.filter((c) => c.kind === 'unmapped' && c.codeKind === 'board')).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('lands on a code far down a long list, whatever kind and filter the screen was left on', async () => {
    // The screen left on nationalities, unmapped only, searching for something else.
    await page.locator('[data-view="mapping"]').click();
    await chooseAgency(bss);
    await mapping().getByRole('button', { name: w.nationalities, exact: true }).click();
    await mapping().getByLabel(w.onlyUnmapped).check();
    await mapping().getByLabel(w.search).fill('zzz-nothing');

    await openReservation(b.keyField);
    await page.locator('[data-field="roomType"] .not-mapped').click();
    const row = rowIn(bss, 'roomType', b.roomTypeId);
    await row.waitFor();
    expect(
      await mapping().getByRole('button', { name: w.all, exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await mapping().getByLabel(w.search).inputValue()).toBe('');
    // Behind every filler room.
    const position = await row.evaluate((tr) => [...(tr.parentElement?.children ?? [])].indexOf(tr));
    expect(position).toBeGreaterThan(FILLERS);
    const input = picker(row, b.roomTypeId);
    await expect.poll(() => isFocused(input)).toBe(true);
    expect(await inSight(row)).toBe(true);
    expect(await row.getAttribute('class')).toContain('focused');
    expect(errors).toEqual([]);
  });

  it('picks from the hotel list; a new code is added on purpose; a duplicate in another case is refused', async () => {
    // Still on the landed room type row, focused.
    const row = rowIn(bss, 'roomType', b.roomTypeId);
    const input = picker(row, b.roomTypeId);
    await input.fill('SÜİT');
    await input.press('Enter'); // the only option: add it
    const form = row.locator('form.add-hotel-code');
    await form.getByLabel(w.name).fill('Süit');
    await form.getByLabel(w.name).press('Enter');
    await row.locator('.save-state.saved').waitFor();
    expect(await input.inputValue()).toBe('SÜİT');

    // Another room type of the same agency: "süit" is the list's SÜİT, never a second code.
    const firstUnmapped = mapping().locator('.mapping-table tr.unmapped[data-code^="roomType:"]').first();
    const otherCode = ((await firstUnmapped.getAttribute('data-code')) ?? '').slice('roomType:'.length);
    const other = rowIn(bss, 'roomType', otherCode);
    const otherInput = picker(other, otherCode);
    await otherInput.fill('süit');
    await page.getByRole('option', { name: 'SÜİT · Süit' }).waitFor();
    expect(await page.getByRole('option', { name: /^\+/ }).count()).toBe(0);

    // Added anyway through the add form, in another case: refused with a sentence, nothing mapped.
    await otherInput.fill('sü');
    await page.getByRole('option', { name: w.addOption('sü') }).click();
    const form2 = other.locator('form.add-hotel-code');
    await form2.getByLabel(w.code, { exact: true }).fill('süit');
    await form2.getByRole('button', { name: w.addAndMap }).click();
    await form2
      .getByRole('alert')
      .filter({ hasText: w.taken('SÜİT (Süit)', w.roomType) })
      .waitFor();
    expect(await other.getAttribute('class')).toContain('unmapped');
    await form2.getByRole('button', { name: w.cancel }).click();
    await expect.poll(() => isFocused(otherInput)).toBe(true);

    // Text that is no code of the list is not saved when leaving the field: it says what to do.
    await otherInput.fill('NOPE');
    await otherInput.press('Tab');
    await other.getByRole('alert').filter({ hasText: w.unlisted }).waitFor();
    expect(await other.getAttribute('class')).toContain('unmapped');
    // The desk itself refuses a code the list lacks, with a sentence in the desk's language.
    await expect(
      desk.core.handlers.setMapping({
        agencyId: bss.id,
        kind: 'roomType',
        channelCode: otherCode,
        hotelCode: 'NOPE',
      }),
    ).rejects.toThrow(w.unknown('NOPE', w.roomType));

    // Picked from the list with the keyboard, whatever the case typed.
    await otherInput.fill('süit');
    await otherInput.press('Enter');
    await other.locator('.save-state.saved').waitFor();
    expect(await otherInput.inputValue()).toBe('SÜİT');
    const view = await desk.core.handlers.getMapping({ agencyId: bss.id });
    expect(view.hotelCodes.filter((h) => h.kind === 'roomType')).toEqual([
      { kind: 'roomType', code: 'SÜİT', name: 'Süit' },
    ]);
    expect(view.rows.find((r) => r.kind === 'roomType' && r.channelCode === otherCode)?.hotelCode).toBe(
      'SÜİT',
    );
    expect(errors).toEqual([]);
  });

  it("copies another agency's mappings into the codes this one has not mapped", async () => {
    // Anatolian maps its room on its own (a new hotel code), Britannia has the same room code unmapped.
    await page.locator('[data-view="mapping"]').click();
    await chooseAgency(ast);
    const room = rowIn(ast, 'room', a.roomId);
    const input = picker(room, a.roomId);
    await input.fill('101');
    await input.press('Enter');
    await room.locator('form.add-hotel-code').getByRole('button', { name: w.addAndMap }).click();
    await room.locator('.save-state.saved').waitFor();

    const ours = await desk.core.handlers.getMapping({ agencyId: ast.id });
    const theirs = await desk.core.handlers.getMapping({ agencyId: bss.id });
    const expected = theirs.rows.filter(
      (r) =>
        r.mappedFor === null &&
        ours.rows.some(
          (o) => o.kind === r.kind && o.channelCode === r.channelCode && o.mappedFor === 'agency',
        ),
    );
    expect(expected.map((r) => `${r.kind}:${r.channelCode}`)).toContain(`room:${a.roomId}`);

    await chooseAgency(bss);
    const copy = page.getByTestId('copy-mappings');
    await copy.getByLabel(w.copyFrom).selectOption(ast.id);
    await copy.getByRole('button', { name: w.copy }).click();
    await copy
      .getByRole('status')
      .filter({ hasText: w.copied(expected.length, ast.name) })
      .waitFor();
    const copied = rowIn(bss, 'room', a.roomId);
    expect(await picker(copied, a.roomId).inputValue()).toBe('101');
    await copied.locator('.save-state.saved').waitFor();
    // What Britannia mapped itself or through all agencies stayed as it was.
    expect(await picker(rowIn(bss, 'board', b.accomId), b.accomId).inputValue()).toBe('HD');
    expect(await picker(rowIn(bss, 'roomType', b.roomTypeId), b.roomTypeId).inputValue()).toBe('SÜİT');
    expect(errors).toEqual([]);
  });
});
