// Export to CSV: what (reservations, rooming list, a day's arrivals), which ones (still to enter, a check-in
// range, an inbox filter) and the file's format. The preview runs as the form changes, so unmapped codes
// are seen before anything is written.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agency, StayCodeKind } from '../../../shared/domain';
import type { ExportKind, ExportPreview, ExportResult } from '../../../shared/ipc';
import { ask } from '../../api';
import { DateField } from '../../components/DateField';
import { ErrorNote } from '../../components/ErrorNote';
import { currentLanguage } from '../../i18n';
import { ExportDone } from './ExportDone';
import { ExportFilterFields } from './ExportFilterFields';
import {
  asDateFormat,
  asDelimiter,
  defaultDateFormat,
  defaultDelimiter,
  exportRequest,
  formProblem,
  initialForm,
  type ExportFilter,
  type ExportForm,
  type ExportRequest,
  type FormScope,
} from './export-form';
import { UnmappedWarning } from './UnmappedWarning';

const kinds: ExportKind[] = ['reservations', 'guests', 'arrivals'];
const scopes: FormScope[] = ['to-enter', 'range', 'filter'];
const PREVIEW_DELAY_MS = 250;

interface Props {
  agencies: Agency[];
  /** Changes whenever the stored reservations or their PMS marks change: the preview is asked again. */
  dataVersion: string;
  onOpenMapping: (agencyId: string, kind: StayCodeKind, code: string) => void;
  onMarked: () => void;
  /** The inbox's current filter, the starting point of the "inbox filter" scope. */
  inboxFilter: ExportFilter;
}

export function ExportPanel({ agencies, dataVersion, onOpenMapping, onMarked, inboxFilter }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  const [form, setForm] = useState<ExportForm>(() => ({ ...initialForm(), filter: inboxFilter }));
  const [preview, setPreview] = useState<ExportPreview | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ExportResult | null>(null);
  const problem = formProblem(form);
  const requestKey = problem ? null : JSON.stringify(exportRequest(form, lng));

  const change = (patch: Partial<ExportForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setResult(null);
  };

  useEffect(() => {
    setPreview(null);
    if (requestKey === null) return;
    let live = true;
    const timer = setTimeout(() => {
      ask('previewExport', JSON.parse(requestKey) as ExportRequest).then(
        (p) => {
          if (!live) return;
          setPreview(p);
          setError(null);
        },
        (e: unknown) => live && setError(e),
      );
    }, PREVIEW_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [requestKey, dataVersion]);

  const write = async () => {
    setBusy(true);
    setError(null);
    try {
      setResult(await ask('exportCsv', exportRequest(form, lng)));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="pms-export" aria-labelledby="pms-export-title" data-testid="export-panel">
      <h2 id="pms-export-title">{t('pms.export.title')}</h2>
      <div className="segmented" role="group" aria-label={t('pms.export.kindLabel')}>
        {kinds.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={form.kind === k}
            data-kind={k}
            onClick={() => change({ kind: k })}
          >
            {t(`pms.export.kind.${k}`)}
          </button>
        ))}
      </div>

      {form.kind === 'arrivals' ? (
        <DateField
          className="pms-field"
          testId="export-day"
          label={t('pms.export.day')}
          value={form.date}
          onChange={(date) => change({ date })}
        />
      ) : (
        <fieldset className="pms-scope">
          <legend>{t('pms.export.scopeLabel')}</legend>
          {scopes.map((s) => (
            <label key={s} className="radio">
              <input
                type="radio"
                name="export-scope"
                value={s}
                checked={form.scope === s}
                onChange={() => change({ scope: s })}
              />
              {t(`pms.export.scope.${s}`)}
            </label>
          ))}
          {form.scope === 'range' && (
            <div className="pms-dates">
              <DateField
                className="compact"
                label={t('inbox.checkInFrom')}
                value={form.from}
                onChange={(from) => change({ from })}
              />
              <DateField
                className="compact"
                label={t('inbox.checkInTo')}
                value={form.to}
                onChange={(to) => change({ to })}
              />
            </div>
          )}
          {form.scope === 'filter' && (
            <ExportFilterFields
              filter={form.filter}
              agencies={agencies}
              onChange={(filter) => change({ filter })}
            />
          )}
        </fieldset>
      )}

      {/* How the file is written, not which reservations: a box of its own, the dates as a pattern. */}
      <fieldset className="pms-format">
        <legend>{t('pms.export.fileFormat')}</legend>
        <label className="compact">
          {t('pms.export.delimiter')}
          <select
            value={form.delimiter ?? defaultDelimiter(lng)}
            onChange={(e) => change({ delimiter: asDelimiter(e.target.value) })}
          >
            <option value=";">{t('pms.export.semicolon')}</option>
            <option value=",">{t('pms.export.comma')}</option>
          </select>
        </label>
        <label className="compact">
          {t('pms.export.dateFormat')}
          <select
            value={form.dateFormat ?? defaultDateFormat(lng)}
            onChange={(e) => change({ dateFormat: asDateFormat(e.target.value) })}
          >
            <option value="dd.MM.yyyy">{t('pms.export.dateDotted')}</option>
            <option value="yyyy-MM-dd">{t('pms.export.dateIso')}</option>
          </select>
        </label>
      </fieldset>

      {problem && <p className="hint">{t(`pms.export.problem.${problem}`)}</p>}
      {preview && (
        <p className="pms-preview" data-testid="export-preview" data-rows={preview.rows}>
          {preview.rows === 0
            ? t('pms.export.nothing')
            : t('pms.export.willWrite', { count: preview.reservations, rows: preview.rows })}
        </p>
      )}
      {preview && (
        <UnmappedWarning unmapped={preview.unmapped} agencies={agencies} onOpenMapping={onOpenMapping} />
      )}
      <div className="actions">
        <button
          type="button"
          className="button primary"
          data-testid="export-write"
          disabled={busy || !preview || preview.rows === 0}
          onClick={() => void write()}
        >
          {busy
            ? t('pms.export.writing')
            : preview && preview.unmapped.length > 0
              ? t('pms.export.writeAnyway')
              : t('pms.export.write')}
        </button>
      </div>
      <ErrorNote error={error} />
      {result && <ExportDone result={result} onMarked={onMarked} />}
    </section>
  );
}
