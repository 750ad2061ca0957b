// First run and settings: the service address, login, the hotel's partner id and the wire format, with a
// connection test that answers in a plain sentence, and a practice mode for learning on demo data.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WireFormat } from '../../../shared/domain';
import type { ConnectionTest, SetupView } from '../../../shared/ipc';
import { ask } from '../../api';
import { ErrorNote } from '../../components/ErrorNote';
import { HotelSearch } from './HotelSearch';
import { NotificationsCard } from './NotificationsCard';

interface Props {
  setup: SetupView;
  firstRun: boolean;
  onSetupChanged: (setup: SetupView) => void;
}

export function SetupScreen({ setup, firstRun, onSetupChanged }: Props) {
  const { t } = useTranslation();
  const [serviceUrl, setServiceUrl] = useState(setup.practiceMode ? '' : setup.serviceUrl);
  const [user, setUser] = useState(setup.practiceMode ? '' : setup.user);
  const [password, setPassword] = useState('');
  const [partnerId, setPartnerId] = useState(
    setup.partnerId && !setup.practiceMode ? String(setup.partnerId) : '',
  );
  const [format, setFormat] = useState<WireFormat>(setup.format);
  const [deskUser, setDeskUser] = useState(setup.deskUser);
  const [test, setTest] = useState<ConnectionTest | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<null | 'test' | 'save' | 'practice' | 'name'>(null);
  const [saved, setSaved] = useState(false);
  // The practice login is not the hotel's: in practice mode the real password still has to be typed.
  const passwordSaved = setup.passwordSaved && !setup.practiceMode;

  const connection = () => {
    const id = Number(partnerId.trim());
    if (!/^https?:\/\/\S+$/i.test(serviceUrl.trim())) return t('setup.problem.url');
    if (!user.trim()) return t('setup.problem.user');
    if (!password && !passwordSaved) return t('setup.problem.password');
    if (!Number.isInteger(id) || id <= 0) return t('setup.problem.partner');
    return {
      serviceUrl: serviceUrl.trim(),
      user: user.trim(),
      password: password || undefined,
      partnerId: id,
      format,
    };
  };

  const run = async (kind: 'test' | 'save') => {
    const request = connection();
    setError(null);
    setTest(null);
    setSaved(false);
    if (typeof request === 'string') {
      setProblem(request);
      return;
    }
    setProblem(null);
    setBusy(kind);
    try {
      if (kind === 'test') setTest(await ask('testConnection', request));
      else {
        onSetupChanged(await ask('saveSetup', request));
        setSaved(true);
        setPassword('');
      }
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const startPractice = async () => {
    setBusy('practice');
    setError(null);
    try {
      onSetupChanged(await ask('startPracticeMode', {}));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const saveName = async () => {
    if (!deskUser.trim() || deskUser.trim() === setup.deskUser) return;
    setBusy('name');
    try {
      onSetupChanged(await ask('setDeskUser', { name: deskUser.trim() }));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void run('save');
  };

  return (
    <div className={`setup-screen ${firstRun ? 'first-run' : ''}`} data-testid="setup-screen">
      <h1>{firstRun ? t('setup.welcome') : t('setup.title')}</h1>
      {firstRun && <p className="lead">{t('setup.intro')}</p>}
      <div className="setup-columns">
        <form className="card setup-form" onSubmit={submit} noValidate>
          <h2>{t('setup.connection')}</h2>
          {setup.practiceMode && <p className="hint">{t('setup.inPractice')}</p>}
          <label>
            {t('setup.serviceUrl')}
            <input
              name="serviceUrl"
              type="url"
              value={serviceUrl}
              placeholder="https://"
              onChange={(e) => setServiceUrl(e.target.value)}
            />
          </label>
          <div className="two-fields">
            <label>
              {t('setup.user')}
              <input name="user" autoComplete="off" value={user} onChange={(e) => setUser(e.target.value)} />
            </label>
            <label>
              {t('setup.password')}
              <input
                name="password"
                type="password"
                autoComplete="off"
                value={password}
                placeholder={passwordSaved ? t('setup.passwordSaved') : ''}
                onChange={(e) => setPassword(e.target.value)}
              />
            </label>
          </div>
          <label>
            {t('setup.partnerId')}
            <input
              name="partnerId"
              inputMode="numeric"
              value={partnerId}
              onChange={(e) => setPartnerId(e.target.value.replace(/[^\d]/g, ''))}
            />
          </label>
          <HotelSearch
            serviceUrl={serviceUrl}
            user={user}
            password={password}
            onPick={(hit) => setPartnerId(String(hit.partnerId))}
          />
          <fieldset className="format-choice">
            <legend>{t('setup.format')}</legend>
            {(['json', 'xml'] as const).map((f) => (
              <label key={f} className="radio">
                <input type="radio" name="format" checked={format === f} onChange={() => setFormat(f)} />
                {f.toUpperCase()}
              </label>
            ))}
            <span className="hint">{t('setup.formatHint')}</span>
          </fieldset>
          {problem && (
            <p className="error-note" role="alert">
              {problem}
            </p>
          )}
          <ErrorNote error={error} />
          {test && (
            <p className={test.ok ? 'ok-note' : 'error-note'} role="status" data-testid="connection-result">
              <span aria-hidden="true">{test.ok ? '✓ ' : '⚠ '}</span>
              {test.message}
            </p>
          )}
          {saved && (
            <p className="ok-note" role="status">
              {t('setup.saved')}
            </p>
          )}
          {setup.credentialWarning && <p className="hint">{setup.credentialWarning}</p>}
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={busy !== null}
              onClick={() => void run('test')}
            >
              {busy === 'test' ? t('setup.testing') : t('setup.test')}
            </button>
            <button type="submit" className="button primary" disabled={busy !== null}>
              {busy === 'save' ? t('common.saving') : t('setup.save')}
            </button>
          </div>
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
                onClick={() => void startPractice()}
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
                value={deskUser}
                onChange={(e) => setDeskUser(e.target.value)}
                onBlur={() => void saveName()}
              />
              <button
                type="button"
                className="button"
                disabled={busy !== null}
                onClick={() => void saveName()}
              >
                {t('common.save')}
              </button>
            </div>
          </section>
          {/* Not on the first screen: there the connection is all that matters. */}
          {!firstRun && <NotificationsCard />}
        </div>
      </div>
    </div>
  );
}
