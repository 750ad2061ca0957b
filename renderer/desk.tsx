// The desk once set up: header with the screens and the language, the practice banner, the screen itself
// and the status bar. Push events from main land here and fan out to the screens.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { StayCodeKind, UiLanguage } from '../shared/domain';
import type { SetupView, SyncStatus } from '../shared/ipc';
import { ask, onDeskEvent } from './api';
import { DeskUserPrompt, needsDeskUser } from './components/DeskUserPrompt';
import { LanguageSwitch } from './components/LanguageSwitch';
import { PracticeBanner } from './components/PracticeBanner';
import { HotelDatabaseBanner } from './components/HotelLine';
import { AnotherReaderBanner } from './components/AnotherReaderBanner';
import { MAIN_ID, SkipLink } from './components/SkipLink';
import { StatusBar } from './components/StatusBar';
import { ActivityScreen } from './screens/activity/ActivityScreen';
import { AllotmentScreen } from './screens/allotments/AllotmentScreen';
import { ProductionScreen } from './screens/production/ProductionScreen';
import { localDate } from '../shared/calendar';
import type { OpenIntent } from './screens/inbox/InboxList';
import { InboxScreen, type OpenedReservation } from './screens/inbox/InboxScreen';
import { initialQuery, type InboxQuery } from './screens/inbox/inbox-query';
import { MappingScreen, type MappingTarget } from './screens/mapping/MappingScreen';
import { PmsEntryScreen } from './screens/pms-entry/PmsEntryScreen';
import { useToEnterCount } from './screens/pms-entry/useToEnterCount';
import { SetupScreen } from './screens/setup/SetupScreen';

type View = 'inbox' | 'pmsEntry' | 'mapping' | 'allotments' | 'production' | 'activity' | 'settings';
const views: View[] = ['inbox', 'pmsEntry', 'mapping', 'allotments', 'production', 'activity', 'settings'];
/** How long a freshly arrived reservation stays highlighted. */
const FRESH_MS = 15_000;

interface Props {
  setup: SetupView;
  onSetupChanged: (setup: SetupView) => void;
  onLanguage: (language: UiLanguage) => void;
}

export function Desk({ setup, onSetupChanged, onLanguage }: Props) {
  const { t, i18n } = useTranslation();
  const [view, setView] = useState<View>('inbox');
  const [inboxQuery, setInboxQuery] = useState<InboxQuery>(initialQuery);
  const [opened, setOpened] = useState<OpenedReservation | null>(null);
  const [mappingTarget, setMappingTarget] = useState<MappingTarget | null>(null);
  const [refreshToken, setRefreshToken] = useState(0);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [status, setStatus] = useState<SyncStatus | null>(null);
  const [syncError, setSyncError] = useState<unknown>(null);
  const [leaving, setLeaving] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const nonce = useRef(0);
  const toEnter = useToEnterCount(refreshToken);
  // The live region speaks in the language on screen; the event handlers read the latest `t` from here.
  const tRef = useRef(t);
  tRef.current = t;
  const wasOnline = useRef<boolean | null>(null);
  /** What the running sync had read at its last status: each batch it stores is shown as it lands. */
  const readBefore = useRef(0);

  const open = useCallback((keyField: string | null, intent: OpenIntent) => {
    nonce.current += 1;
    setOpened(keyField ? { keyField, intent, nonce: nonce.current } : null);
  }, []);

  useEffect(() => {
    ask('getStatus', {}).then((first) => {
      setStatus(first);
      wasOnline.current ??= first.online;
    }, setSyncError);
    const offs = [
      onDeskEvent('reservationsChanged', (e) => {
        setRefreshToken((x) => x + 1);
        setFresh(new Set(e.keyFields));
        const said = (['new', 'changed', 'cancelled'] as const)
          .filter((kind) => e[kind] > 0)
          .map((kind) => tRef.current(`announce.${kind}`, { count: e[kind] }));
        if (said.length > 0) setAnnouncement(said.join(' '));
      }),
      onDeskEvent('syncStatus', (next) => {
        setStatus(next);
        // A long first read fills the inbox batch by batch; what arrived is announced once, when it ends.
        if (next.readSoFar > readBefore.current) setRefreshToken((x) => x + 1);
        readBefore.current = next.readSoFar;
        if (wasOnline.current !== null && wasOnline.current !== next.online)
          setAnnouncement(tRef.current(next.online ? 'announce.online' : 'announce.offline'));
        wasOnline.current = next.online;
      }),
      onDeskEvent('decisionChanged', () => setRefreshToken((x) => x + 1)),
      onDeskEvent('openInbox', () => setView('inbox')),
      onDeskEvent('openReservation', ({ keyField }) => {
        setView('inbox');
        open(keyField, 'view');
      }),
    ];
    return () => offs.forEach((off) => off());
  }, [open]);

  useEffect(() => {
    if (fresh.size === 0) return;
    const timer = setTimeout(() => setFresh(new Set()), FRESH_MS);
    return () => clearTimeout(timer);
  }, [fresh]);

  const syncNow = () => {
    setSyncError(null);
    ask('syncNow', {}).then(setStatus, setSyncError);
  };

  const [savingSafeMode, setSavingSafeMode] = useState(false);
  const setSafeMode = (on: boolean) => {
    setSavingSafeMode(true);
    ask('setSafeMode', { on })
      .then(setStatus, setSyncError)
      .finally(() => setSavingSafeMode(false));
  };

  const leavePractice = () => {
    setLeaving(true);
    ask('leavePracticeMode', {})
      .then(onSetupChanged, setSyncError)
      .finally(() => setLeaving(false));
  };

  const openMapping = (agencyId: string, kind: StayCodeKind, code: string) => {
    setMappingTarget({ agencyId, kind, code });
    setView('mapping');
  };

  const practice = setup.practiceMode || status?.practiceMode === true;
  return (
    <div className={`desk ${practice ? 'in-practice' : ''}`}>
      <SkipLink onInbox={view === 'inbox'} />
      {practice && <PracticeBanner onLeave={leavePractice} busy={leaving} />}
      {!practice && needsDeskUser(setup) && <DeskUserPrompt onSetupChanged={onSetupChanged} />}
      <HotelDatabaseBanner hotel={status?.hotel ?? null} />
      <AnotherReaderBanner
        reader={status?.anotherReader ?? null}
        onSafeMode={setSafeMode}
        busy={savingSafeMode}
      />
      <div className="sr-only" role="status" aria-live="polite" data-testid="announcer">
        {announcement}
      </div>
      <header className="top-bar">
        <span className="brand">Resdesk</span>
        <nav className="tabs" aria-label={t('nav.label')}>
          {views.map((v) => (
            <button
              key={v}
              type="button"
              className={view === v ? 'active' : ''}
              aria-current={view === v ? 'page' : undefined}
              data-view={v}
              onClick={() => setView(v)}
            >
              {t(`nav.${v}`)}
              {v === 'pmsEntry' && toEnter.count !== null && toEnter.count > 0 && (
                <span
                  className="nav-count"
                  data-testid="pms-count"
                  title={t('nav.pmsCount', { count: toEnter.count })}
                >
                  {toEnter.count.toLocaleString(i18n.language)}
                </span>
              )}
            </button>
          ))}
        </nav>
        <span className="spacer" />
        {setup.deskUser && (
          <span className="desk-user" title={t('setup.deskUser')}>
            {setup.deskUser}
          </span>
        )}
        <LanguageSwitch onChange={onLanguage} />
      </header>
      <main className="desk-main" id={MAIN_ID} tabIndex={-1}>
        {view === 'inbox' && (
          <InboxScreen
            refreshToken={refreshToken}
            fresh={fresh}
            opened={opened}
            onOpen={open}
            onOpenMapping={openMapping}
            query={inboxQuery}
            onQueryChange={setInboxQuery}
            status={status}
            onOpenSetup={() => setView('settings')}
          />
        )}
        {view === 'pmsEntry' && (
          <PmsEntryScreen
            refreshToken={refreshToken}
            onOpenMapping={openMapping}
            onCounts={toEnter.update}
            inboxFilter={inboxQuery.filter}
          />
        )}
        {view === 'mapping' && <MappingScreen target={mappingTarget} refreshToken={refreshToken} />}
        {view === 'allotments' && (
          <AllotmentScreen refreshToken={refreshToken} today={localDate(new Date())} />
        )}
        {view === 'production' && (
          <ProductionScreen refreshToken={refreshToken} today={localDate(new Date())} />
        )}
        {view === 'activity' && (
          <ActivityScreen
            refreshToken={refreshToken}
            onOpen={(keyField) => {
              setView('inbox');
              open(keyField, 'view');
            }}
          />
        )}
        {view === 'settings' && (
          <SetupScreen setup={setup} firstRun={false} onSetupChanged={onSetupChanged} />
        )}
      </main>
      <StatusBar status={status} onSyncNow={syncNow} syncError={syncError} />
    </div>
  );
}
