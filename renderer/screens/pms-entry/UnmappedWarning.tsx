// Shown BEFORE the file is written: codes without a hotel code go into the file as the channel's own code,
// which the PMS will not know. Each links to its row on the mapping screen.
import { useTranslation } from 'react-i18next';
import type { Agency, StayCodeKind } from '../../../shared/domain';
import type { UnmappedCode } from '../../../shared/ipc';

const SHOWN = 5;

interface Props {
  unmapped: UnmappedCode[];
  agencies: Agency[];
  onOpenMapping: (agencyId: string, kind: StayCodeKind, code: string) => void;
}

export function UnmappedWarning({ unmapped, agencies, onOpenMapping }: Props) {
  const { t } = useTranslation();
  if (unmapped.length === 0) return null;
  const agencyName = (id: string) => agencies.find((a) => a.id === id)?.name ?? id;
  return (
    <div className="pms-unmapped" role="alert" data-testid="export-unmapped">
      <p>
        <span aria-hidden="true">⚑ </span>
        {t('pms.export.unmapped', { count: unmapped.length })}
      </p>
      <ul>
        {unmapped.slice(0, SHOWN).map((u) => (
          <li key={`${u.agencyId}:${u.kind}:${u.channelCode}`}>
            <span>
              {t(`mapping.kind.${u.kind}`)} <strong>{u.channelCode}</strong> · {agencyName(u.agencyId)} ·{' '}
              {t('pms.export.usedBy', { count: u.count })}
            </span>
            <button
              type="button"
              className="link"
              data-testid="open-mapping"
              onClick={() => onOpenMapping(u.agencyId, u.kind, u.channelCode)}
            >
              {t('pms.export.mapIt')}
            </button>
          </li>
        ))}
      </ul>
      {unmapped.length > SHOWN && (
        <p className="small">{t('pms.export.more', { count: unmapped.length - SHOWN })}</p>
      )}
    </div>
  );
}
