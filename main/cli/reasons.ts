// `resdesk reasons`: the decline reasons the service offers, as stored by the last sync, so
// `decline --reason ID` can be used without reading the database. In the desk's language (Setup), or the
// one asked with --language; a reason the service did not send in that language falls back to the other.
import type { DeskStore } from '../store/engines/desk-store';
import type { NotConfirmMessage, UiLanguage } from '../../shared/domain';

const serviceLanguage = (language: UiLanguage) => (language === 'tr' ? 'tr-TR' : 'en-US');

export async function declineReasons(store: DeskStore, language: UiLanguage): Promise<NotConfirmMessage[]> {
  const wanted = await store.listNotConfirmMessages(serviceLanguage(language));
  const other = await store.listNotConfirmMessages(serviceLanguage(language === 'tr' ? 'en' : 'tr'));
  const seen = new Set(wanted.map((r) => r.id));
  return [...wanted, ...other.filter((r) => !seen.has(r.id))];
}

/** `deskLanguage`: the saved setup's (kernel/setup.ts), unless --language asks for the other. */
export async function reasonsCommand(
  store: DeskStore,
  deskLanguage: UiLanguage,
  options: { json: boolean; language?: string },
  out: (line: string) => void,
): Promise<void> {
  if (options.language !== undefined && options.language !== 'tr' && options.language !== 'en')
    throw new Error('--language must be tr or en.');
  const language: UiLanguage = options.language ?? deskLanguage;
  const reasons = await declineReasons(store, language);
  if (options.json) return out(JSON.stringify(reasons.map(({ id, name }) => ({ id, name }))));
  if (reasons.length === 0)
    return out('No decline reasons are stored yet: run resdesk sync --once first, then try again.');
  for (const r of reasons) out(`${r.id}\t${r.name}`);
}
