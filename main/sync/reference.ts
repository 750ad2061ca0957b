// Reference data the desk needs to work offline: agencies, decline reasons in both languages, and each
// agency's room / room type / board / nationality codes for mapping. Refreshed at start and daily.
import type { Agency, NotConfirmMessage, ServiceLanguage, StayCode } from '../../shared/domain';
import type { SyncClient } from './ports';

export interface ReferenceStore {
  replaceAgencies(agencies: Agency[]): Promise<void>;
  replaceNotConfirmMessages(lang: ServiceLanguage, messages: NotConfirmMessage[]): Promise<void>;
  replaceStayCodes(agencyId: string, codes: StayCode[]): Promise<void>;
}

const LANGUAGES: readonly ServiceLanguage[] = ['tr-TR', 'en-US'];

export async function refreshReferenceData(
  client: SyncClient,
  store: ReferenceStore,
): Promise<{ agencies: number }> {
  const agencies = await client.getHotelAgencies();
  await store.replaceAgencies(agencies);
  for (const lang of LANGUAGES) {
    const messages = await client.getNotConfirmMessages(lang);
    await store.replaceNotConfirmMessages(
      lang,
      messages.map((m) => ({ ...m, lang })),
    );
  }
  for (const agency of agencies) {
    await store.replaceStayCodes(agency.id, await client.getStayForMapping(agency.id));
  }
  return { agencies: agencies.length };
}
