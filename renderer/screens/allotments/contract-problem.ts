// A refused contract's reasons in the receptionist's words, keyed to the field each belongs to.
import type { TFunction } from 'i18next';
import type { ContractProblem, UiLanguage } from '../../../shared/domain';
import { formatDate } from '../../i18n/format';

export function contractProblemWords(t: TFunction, lng: UiLanguage, p: ContractProblem): string {
  switch (p.reason) {
    case 'empty':
      return t(`allotments.contracts.problem.${p.field}`);
    case 'not-a-date':
      return t(`allotments.contracts.problem.${p.field}`);
    case 'before-from':
      return t('allotments.contracts.problem.before-from');
    case 'not-a-count':
      return t(`allotments.contracts.problem.${p.field}`, { max: p.max });
    case 'too-long':
      return t('allotments.contracts.problem.too-long', { max: p.max });
    case 'invisible':
      return t('allotments.contracts.problem.invisible');
    case 'not-seven':
      return t('allotments.contracts.problem.not-seven');
    case 'unknown':
      return t('allotments.contracts.problem.kind');
    case 'overlaps':
      return t('allotments.contracts.problem.overlaps', {
        from: formatDate(p.other.from, lng),
        to: formatDate(p.other.to, lng),
      });
  }
}
