// A channel code with the hotel's own code beside it, or a "not mapped" link straight to the mapping screen.
import { useTranslation } from 'react-i18next';
import type { StayCodeKind } from '../../../shared/domain';
import type { MappedCode } from '../../../shared/ipc';

interface Props {
  kind: StayCodeKind;
  channelCode: string;
  channelName: string;
  codes: MappedCode[];
  /** Set when the caller already knows the hotel code (guests' nationalities). */
  hotelCode?: string | null;
  onMap: (kind: StayCodeKind, code: string) => void;
}

export function CodeValue({ kind, channelCode, channelName, codes, hotelCode, onMap }: Props) {
  const { t } = useTranslation();
  const known = codes.find((c) => c.kind === kind && c.channelCode === channelCode);
  const mapped = hotelCode !== undefined ? hotelCode : (known?.hotelCode ?? null);
  const name = channelName || known?.channelName || '';
  return (
    <span className="code-value">
      <span>{name || channelCode}</span>
      {name && channelCode && name !== channelCode && <span className="muted"> ({channelCode})</span>}
      {channelCode &&
        (mapped ? (
          <span className="hotel-code" title={t('mapping.hotelCode')}>
            {' '}
            → {mapped}
          </span>
        ) : (
          <button type="button" className="link not-mapped" onClick={() => onMap(kind, channelCode)}>
            <span aria-hidden="true">⚑ </span>
            {t('mapping.notMapped')}
          </button>
        ))}
    </span>
  );
}
