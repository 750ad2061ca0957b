// Windows notifications that are clicked from the Action Center, possibly after the desk was restarted,
// have no Notification object left to receive 'click'. Windows hands the toast's launch argument to
// Notification.handleActivation instead, so each toast carries where it leads (a reservation or the inbox)
// in its own launch argument, written here, and read back here when it is activated.
import type { DeskNotification, NotificationTarget } from './groups';

const PREFIX = 'resdesk:';

export function launchArgument(target: NotificationTarget): string {
  return target.kind === 'reservation'
    ? `${PREFIX}reservation:${encodeURIComponent(target.keyField)}`
    : `${PREFIX}inbox`;
}

/** The target a launch argument names; the inbox for anything else (the desk always opens somewhere useful). */
export function targetOfLaunch(argument: string): NotificationTarget {
  const reservation = /^resdesk:reservation:(.+)$/.exec(argument.trim());
  if (reservation?.[1]) {
    try {
      return { kind: 'reservation', keyField: decodeURIComponent(reservation[1]) };
    } catch {
      return { kind: 'inbox' };
    }
  }
  return { kind: 'inbox' };
}

const xmlEscape = (text: string): string =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

/**
 * The toast for Windows (ToastGeneric template): title, body, the app icon, Windows' own sound off
 * (Resdesk plays its own, per kind), and the launch argument that leads back to the reservation.
 */
export function toastXml(
  note: Pick<DeskNotification, 'title' | 'body' | 'target'>,
  iconUrl?: string,
): string {
  const image = iconUrl ? `<image placement="appLogoOverride" src="${xmlEscape(iconUrl)}"/>` : '';
  return [
    `<toast launch="${xmlEscape(launchArgument(note.target))}" activationType="foreground">`,
    '<visual><binding template="ToastGeneric">',
    `<text>${xmlEscape(note.title)}</text>`,
    `<text>${xmlEscape(note.body)}</text>`,
    image,
    '</binding></visual>',
    '<audio silent="true"/>',
    '</toast>',
  ].join('');
}
