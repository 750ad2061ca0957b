// First run and settings: the service address, login, the hotel's partner id and the wire format, with a
// connection test that answers in a plain sentence, and a practice mode for learning on demo data.
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { SetupView } from '../../../shared/ipc';
import { ErrorNote } from '../../components/ErrorNote';
import { ConnectionReport } from './ConnectionReport';
import { HotelSearch } from './HotelSearch';
import { AnswersCard } from './AnswersCard';
import { ChecksCard } from './ChecksCard';
import { BackupsCard } from './BackupsCard';
import { NotificationsCard } from './NotificationsCard';
import { SeveralDesksCard } from './SeveralDesksCard';
import { SyncCard } from './SyncCard';
import { ThisDeskCard } from './ThisDeskCard';
import { useSetupForm } from './useSetupForm';

interface Props {
  setup: SetupView;
  firstRun: boolean;
  onSetupChanged: (setup: SetupView) => void;
}

export function SetupScreen({ setup, firstRun, onSetupChanged }: Props) {
  const { t } = useTranslation();
  const form = useSetupForm(setup, firstRun, onSetupChanged);
  const { fields, setField, busy } = form;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void form.run('save');
  };

  return (
    <div className={`setup-screen ${firstRun ? 'first-run' : ''}`} data-testid="setup-screen">
      <h1>{firstRun ? t('setup.welcome') : t('setup.title')}</h1>
      {firstRun && <p className="lead">{t('setup.intro')}</p>}
      <div className="setup-columns">
        <form className="card setup-form" onSubmit={submit} noValidate>
          <h2>{t('setup.connection')}</h2>
          {setup.practiceMode && <p className="hint">{t('setup.inPractice')}</p>}
          {!firstRun && (
            <p
              className="setup-dialect"
              data-testid="setup-dialect"
              data-dialect={setup.dialect ?? 'unknown'}
            >
              {t('setup.dialect')}: {t(`setup.dialectValue.${setup.dialect ?? 'unknown'}`)}
            </p>
          )}
          <label>
            {t('setup.serviceUrl')}
            <input
              name="serviceUrl"
              type="url"
              value={fields.serviceUrl}
              placeholder="https://"
              aria-describedby="hint-serviceUrl"
              onChange={(e) => setField('serviceUrl', e.target.value)}
            />
          </label>
          <p className="field-hint" id="hint-serviceUrl">
            {t('setup.where.serviceUrl')}
          </p>
          <div className="two-fields">
            <div>
              <label>
                {t('setup.user')}
                <input
                  name="user"
                  autoComplete="off"
                  value={fields.user}
                  aria-describedby="hint-user"
                  onChange={(e) => setField('user', e.target.value)}
                />
              </label>
              <p className="field-hint" id="hint-user">
                {t('setup.where.user')}
              </p>
            </div>
            <div>
              <label>
                {t('setup.password')}
                <input
                  name="password"
                  type="password"
                  autoComplete="off"
                  value={fields.password}
                  placeholder={form.passwordSaved ? t('setup.passwordSaved') : ''}
                  aria-describedby="hint-password"
                  onChange={(e) => setField('password', e.target.value)}
                />
              </label>
              <p className="field-hint" id="hint-password">
                {t('setup.where.password')}
              </p>
            </div>
          </div>
          <label>
            {t('setup.partnerId')}
            <input
              name="partnerId"
              inputMode="numeric"
              value={fields.partnerId}
              aria-describedby="hint-partnerId"
              onChange={(e) => setField('partnerId', e.target.value.replace(/[^\d]/g, ''))}
            />
          </label>
          <p className="field-hint" id="hint-partnerId">
            {t('setup.where.partnerId')}
          </p>
          <HotelSearch
            serviceUrl={fields.serviceUrl}
            user={fields.user}
            password={fields.password}
            onPick={(hit) => setField('partnerId', String(hit.partnerId))}
          />
          <fieldset className="format-choice">
            <legend>{t('setup.format')}</legend>
            {(['xml', 'json'] as const).map((f) => (
              <label key={f} className="radio">
                <input
                  type="radio"
                  name="format"
                  value={f}
                  checked={fields.format === f}
                  onChange={() => form.chooseFormat(f)}
                />
                {f.toUpperCase()}
              </label>
            ))}
            <span className="hint">{t('setup.formatHint')}</span>
          </fieldset>
          {form.problem && (
            <p className="error-note" role="alert">
              {form.problem}
            </p>
          )}
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => void form.run('test')}
            >
              {busy === 'test' ? t('setup.testing') : t('setup.test')}
            </button>
            <button type="submit" className="button primary" disabled={busy !== null}>
              {busy === 'save' ? t('setup.checkingBeforeSave') : t('setup.save')}
            </button>
          </div>
          {/* What the check found goes under the buttons, so they stay where the hand is. */}
          <ErrorNote error={form.error} />
          {form.test && <ConnectionReport outcome={form.test} />}
          {form.saved && (
            <p className="ok-note" role="status">
              {t('setup.saved')}
            </p>
          )}
          {setup.credentialWarning && <p className="hint">{setup.credentialWarning}</p>}
        </form>
        <div className="setup-side">
          <section className="card practice-card">
            <h2>{t('practice.title')}</h2>
            <p>{t('practice.offer')}</p>
            {setup.practiceMode ? (
              <p className="ok-note">{t('practice.isOn')}</p>
            ) : (
              <button
                type="button"
                className="button practice"
                disabled={busy !== null}
                onClick={() => void form.startPractice()}
              >
                {busy === 'practice' ? t('practice.starting') : t('practice.start')}
              </button>
            )}
          </section>
          <section className="card">
            <h2>{t('setup.deskUser')}</h2>
            <p className="hint">{t('setup.deskUserHint')}</p>
            <div className="inline-fields">
              <input
                aria-label={t('setup.deskUser')}
                value={fields.deskUser}
                onChange={(e) => setField('deskUser', e.target.value)}
                onBlur={() => void form.saveName()}
              />
              <button
                type="button"
                className="button"
                disabled={busy !== null}
                onClick={() => void form.saveName()}
              >
                {t('common.save')}
              </button>
            </div>
          </section>
          {/* Not on the first screen: there the connection is all that matters. */}
          {!firstRun && <AnswersCard />}
          {!firstRun && <SyncCard />}
          {!firstRun && <NotificationsCard />}
          {!firstRun && <ChecksCard />}
          {!firstRun && <BackupsCard />}
          {!firstRun && <ThisDeskCard />}
          {!firstRun && <SeveralDesksCard />}
        </div>
      </div>
    </div>
  );
}
