// How the desk names its one secret in whichever store keeps it.
export const CREDENTIAL_SERVICE = 'Resdesk';

/** `<user>@<service host>`: one password per user and exchange service, so practice and live never mix. */
export function credentialAccount(user: string, serviceUrl: string): string {
  let host = serviceUrl;
  try {
    host = new URL(serviceUrl).host;
  } catch {
    // keep the text as given: the setup screen validates the address before anything is saved
  }
  return `${user.trim()}@${host.toLowerCase()}`;
}
