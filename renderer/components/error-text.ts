// Turns a failed request into the sentence the receptionist reads. Main writes plain English sentences; the
// few generic failures are translated here so a Turkish desk never sees English boilerplate for them.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DeskRequestError } from '../api';

const translatedCodes = new Set(['offline', 'not-configured', 'internal', 'unknown-request']);

export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown) => {
      if (error instanceof DeskRequestError) {
        return translatedCodes.has(error.code) ? t(`errors.${error.code}`) : error.message;
      }
      return t('errors.internal');
    },
    [t],
  );
}
