// The setup form's state and requests: the connection fields, the connection test (whose recommended data
// format the form takes over, saying so), saving, practice mode and the desk user's name. Saving runs the
// connection check first and refuses details the service turned away (unreachable address, wrong password,
// wrong hotel number), saying the check's own sentence, so a desk never starts on details that cannot work.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WireFormat } from '../../../shared/domain';
import type { ConnectionProblem, ConnectionTest, RequestOf, SetupView } from '../../../shared/ipc';
import { ask } from '../../api';
import { isServiceUrl } from '../../../shared/service-url';

export type SetupBusy = null | 'test' | 'save' | 'practice' | 'name';

export interface SetupFields {
  serviceUrl: string;
  user: string;
  password: string;
  partnerId: string;
  format: WireFormat;
  deskUser: string;
}

/** A connection test's answer, with the format it ran in and whether the form's format was changed after it. */
export interface TestOutcome {
  result: ConnectionTest;
  testedFormat: WireFormat;
  switchedTo: WireFormat | null;
  /** Saving was refused because of what the check found: the report's sentence says so, once. */
  refused: boolean;
}

/** What the check can find that no desk could work with; other failures are saved and shown, not refused. */
export const refusedProblems: readonly ConnectionProblem[] = [
  'unreachable',
  'wrong-password',
  'wrong-partner',
];

const initialFields = (setup: SetupView): SetupFields => {
  // Practice mode's details are not the hotel's: the form starts empty there.
  const real = setup.configured && !setup.practiceMode;
  return {
    serviceUrl: setup.practiceMode ? '' : setup.serviceUrl,
    user: setup.practiceMode ? '' : setup.user,
    password: '',
    partnerId: setup.partnerId && !setup.practiceMode ? String(setup.partnerId) : '',
    // Every client of the live service speaks XML; JSON only once a connection test proved it works.
    format: real ? setup.format : 'xml',
    deskUser: setup.deskUser,
  };
};

export function useSetupForm(
  setup: SetupView,
  firstRun: boolean,
  onSetupChanged: (setup: SetupView) => void,
) {
  const { t } = useTranslation();
  const [fields, setFields] = useState<SetupFields>(() => initialFields(setup));
  const [test, setTest] = useState<TestOutcome | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState<SetupBusy>(null);
  const [saved, setSaved] = useState(false);
  // The practice login is not the hotel's: in practice mode the real password still has to be typed.
  const passwordSaved = setup.passwordSaved && !setup.practiceMode;

  // Settings shows what syncing learnt since the desk started (the names the service speaks): read it anew.
  useEffect(() => {
    if (firstRun) return;
    ask('getSetup', {}).then(onSetupChanged, () => undefined);
  }, [firstRun, onSetupChanged]);

  const setField = <K extends keyof SetupFields>(name: K, value: SetupFields[K]) =>
    setFields((f) => ({ ...f, [name]: value }));

  const connection = (): RequestOf<'testConnection'> | string => {
    const id = Number(fields.partnerId.trim());
    if (!isServiceUrl(fields.serviceUrl.trim())) return t('setup.problem.url');
    if (!fields.user.trim()) return t('setup.problem.user');
    if (!fields.password && !passwordSaved) return t('setup.problem.password');
    if (!Number.isInteger(id) || id <= 0) return t('setup.problem.partner');
    return {
      serviceUrl: fields.serviceUrl.trim(),
      user: fields.user.trim(),
      password: fields.password || undefined,
      partnerId: id,
      format: fields.format,
    };
  };

  /** Runs a request with the busy flag and the error kept for the form. */
  const guarded = async (kind: Exclude<SetupBusy, null>, work: () => Promise<void>) => {
    setBusy(kind);
    try {
      await work();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(null);
    }
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
    await guarded(kind, async () => {
      const result = await ask('testConnection', request);
      const switchedTo = result.recommendedFormat !== request.format ? result.recommendedFormat : null;
      if (switchedTo) setField('format', switchedTo);
      const refused =
        kind === 'save' && !result.ok && result.problem !== null && refusedProblems.includes(result.problem);
      setTest({ result, testedFormat: request.format, switchedTo, refused });
      if (kind === 'test' || refused) return;
      // Saved in the format the check recommends, as the form now shows.
      onSetupChanged(await ask('saveSetup', { ...request, format: switchedTo ?? request.format }));
      setSaved(true);
      setField('password', '');
    });
  };

  const startPractice = async () => {
    setError(null);
    await guarded('practice', async () => onSetupChanged(await ask('startPracticeMode', {})));
  };

  const saveName = async () => {
    const name = fields.deskUser.trim();
    if (!name || name === setup.deskUser) return;
    await guarded('name', async () => onSetupChanged(await ask('setDeskUser', { name })));
  };

  const chooseFormat = (format: WireFormat) => {
    setField('format', format);
    // A format chosen by hand replaces the test's recommendation note.
    setTest((outcome) => (outcome ? { ...outcome, switchedTo: null } : outcome));
  };

  return {
    fields,
    setField,
    chooseFormat,
    passwordSaved,
    test,
    error,
    problem,
    busy,
    saved,
    run,
    startPractice,
    saveName,
  };
}
