// One channel code beside the hotel's code, saved on Enter or when leaving the field.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MappingRow } from '../../../shared/ipc';

interface Props {
  row: MappingRow;
  focused: boolean;
  onSave: (row: MappingRow, hotelCode: string) => Promise<boolean>;
}

export function MappingRowView({ row, focused, onSave }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(row.hotelCode ?? '');
  const [state, setState] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => setDraft(row.hotelCode ?? ''), [row.hotelCode]);
  useEffect(() => {
    if (!focused) return;
    input.current?.scrollIntoView({ block: 'center' });
    input.current?.focus();
  }, [focused]);

  const save = async () => {
    if (draft.trim() === (row.hotelCode ?? '')) return;
    setState('saving');
    setState((await onSave(row, draft.trim())) ? 'saved' : 'failed');
  };

  const unmapped = !row.hotelCode;
  return (
    <tr
      className={`${unmapped ? 'unmapped' : ''} ${focused ? 'focused' : ''}`}
      data-code={`${row.kind}:${row.channelCode}`}
    >
      <td>{t(`mapping.kind.${row.kind}`)}</td>
      <td className="code">{row.channelCode}</td>
      <td>{row.channelName}</td>
      <td className="num">{row.usedByLive > 0 ? row.usedByLive : ''}</td>
      <td className="hotel-code-cell">
        <input
          ref={input}
          aria-label={t('mapping.hotelCodeFor', { code: row.channelCode })}
          value={draft}
          placeholder={t('mapping.typeCode')}
          onChange={(e) => {
            setDraft(e.target.value);
            setState('idle');
          }}
          onBlur={() => void save()}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void save();
            }
          }}
        />
        <span className={`save-state ${state}`} role="status">
          {state === 'saved' && t('mapping.saved')}
          {state === 'saving' && t('common.saving')}
          {state === 'failed' && t('mapping.failed')}
          {state === 'idle' && unmapped && (
            <>
              <span aria-hidden="true">⚑ </span>
              {t('mapping.notMapped')}
            </>
          )}
        </span>
      </td>
    </tr>
  );
}
