// A decline's reason by name, for saying after a decline which reason went to the agency. The reasons come
// from the service's list kept on the desk, in the UI language; an id no longer in it is shown as it is.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ask } from '../../api';

export function useDeclineReasonName(reasonId: string | null): string | null {
  const { i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'tr';
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (reasonId === null) {
      setName(null);
      return;
    }
    let live = true;
    ask('listDeclineReasons', { language }).then(
      (list) => live && setName(list.find((r) => r.id === reasonId)?.name ?? reasonId),
      () => live && setName(reasonId),
    );
    return () => {
      live = false;
    };
  }, [reasonId, language]);
  return name;
}
