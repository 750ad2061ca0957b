import { useTranslation } from 'react-i18next';

/** Always on screen in practice mode, so a trainee never mistakes demo bookings for real guests. */
export function PracticeBanner({ onLeave, busy }: { onLeave: () => void; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="practice-banner" role="status" data-testid="practice-banner">
      <strong>{t('practice.banner')}</strong>
      <span>{t('practice.explain')}</span>
      <button type="button" className="button small" onClick={onLeave} disabled={busy}>
        {t('practice.leave')}
      </button>
    </div>
  );
}
