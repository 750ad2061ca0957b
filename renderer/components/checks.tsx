// The pre-confirm checks in the receptionist's words: a compact marker for list rows and one sentence per
// check for the detail and bulk confirm. Each kind has its own icon and its name in words beside it (a narrow
// row cuts the words first; they stay in the tooltip and for screen readers), so nothing depends on telling
// colours apart or knowing an icon; a honeymoon is a highlight, never drawn as a problem. Every icon is in
// DejaVu Sans, which the renderer ships (styles/symbols.css): none shows as an empty box on any PC.
import { useTranslation } from 'react-i18next';
import type { CheckKind, CheckMarker, ReservationCheck } from '../../shared/ipc';
import { currentLanguage } from '../i18n';
import { formatDate } from '../i18n/format';
import './checks.css';

export const checkIcon: Record<CheckKind, string> = {
  'impossible-stay': '↯',
  'past-check-in': '⚠',
  capacity: '⇈',
  'stop-sale': '⊗',
  allotment: '▦',
  'duplicate-voucher': '❐',
  'on-request': '◷',
  'men-only': '♂',
  unmapped: '⚑',
  'returning-guest': '↺',
  honeymoon: '♥',
};

/** Problems are to look at; a honeymoon is a highlight; other notes are quiet. */
export const markerClass = (marker: CheckMarker): string =>
  marker.severity === 'problem'
    ? 'check-problem'
    : marker.kind === 'honeymoon'
      ? 'check-highlight'
      : 'check-note';

interface MarkersProps {
  checks: readonly CheckMarker[];
  /** Kinds another badge of the row already says (the inbox's "check-in passed"). */
  skip?: readonly CheckKind[];
}

/** A row's checks as icons with their names (the whole list also in the tooltip). */
export function CheckMarkers({ checks, skip = [] }: MarkersProps) {
  const { t } = useTranslation();
  const shown = checks.filter((c) => !skip.includes(c.kind));
  if (shown.length === 0) return null;
  const names = shown.map((c) => t(`checks.marker.${c.kind}`)).join(', ');
  return (
    <span className="check-markers" data-testid="check-markers" title={names}>
      {shown.map((c) => (
        <span
          key={c.kind}
          className={`check-marker ${markerClass(c)}`}
          data-check={c.kind}
          data-severity={c.severity}
          aria-hidden="true"
        >
          {checkIcon[c.kind]}
          <span className="check-word">{t(`checks.marker.${c.kind}`)}</span>
        </span>
      ))}
      <span className="sr-only">{t('checks.markers', { list: names })}</span>
    </span>
  );
}

/** The sentence that explains one check, in the UI language. */
export function useCheckSentence(): (check: ReservationCheck) => string {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const date = (d: string) => formatDate(d, lng);
  return (check) => {
    switch (check.kind) {
      case 'capacity': {
        const key = check.limit === 'maxChildren' && check.allowed === 0 ? 'maxChildrenNone' : check.limit;
        return t(`checks.capacity.${key}`, {
          roomId: check.roomId,
          allowed: check.allowed,
          value: check.value,
        });
      }
      case 'unmapped':
        return t('checks.unmapped', { codeKind: t(`mapping.kind.${check.codeKind}`), code: check.code });
      case 'honeymoon':
        return t(`checks.honeymoon.${check.source}`);
      case 'on-request':
        return t(`checks.on-request.${check.held}`);
      case 'returning-guest':
        return t(`checks.returning-guest.${check.match}`, {
          guest: check.guest,
          voucherNo: check.voucherNo || check.keyField,
          checkIn: date(check.checkIn),
        });
      case 'men-only':
        return t('checks.men-only', { count: check.men });
      case 'allotment':
        return t(`checks.allotment.${check.reason}`, {
          count: check.nights,
          roomType: check.roomType,
          night: date(check.night),
          allotted: check.allotted,
          used: check.used,
          releaseOn: date(check.releaseOn),
          allotment: t(`checks.allotment.kind.${check.allotment}`),
        });
      case 'stop-sale':
        return t(check.from === check.to ? 'checks.stop-sale.day' : 'checks.stop-sale.range', {
          hotelCode: check.hotelCode,
          from: date(check.from),
          to: date(check.to),
        });
      case 'duplicate-voucher':
        return t('checks.duplicate-voucher', {
          count: check.count,
          voucherNo: check.voucherNo,
          keyFields: check.keyFields.join(', '),
        });
      case 'past-check-in':
        return t('checks.past-check-in', { count: check.days, checkIn: date(check.checkIn) });
      case 'impossible-stay':
        return check.reason === 'negative-count'
          ? t('checks.impossible-stay.negative-count', {
              field: check.count?.field ?? '',
              value: check.count?.value ?? '',
            })
          : t(`checks.impossible-stay.${check.reason}`, {
              count: check.nights,
              nightsByDates: check.nightsByDates,
              checkIn: date(check.checkIn),
              checkOut: date(check.checkOut),
            });
    }
  };
}
