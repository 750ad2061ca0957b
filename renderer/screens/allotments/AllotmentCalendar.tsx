// The allotment calendar: operators and room types down, nights across (two weeks), each cell "used / allotted"
// with the rooms still waiting for an answer beside it. A full night, a night over the allotment and a night whose
// release has passed are marked in words and a symbol, never by colour alone; the cell's title says it in a
// sentence. Printable as it stands (allotments.css hides the desk around it).
import { useTranslation } from 'react-i18next';
import type { AllotmentCell, AllotmentView } from '../../../shared/ipc';
import { currentLanguage } from '../../i18n';
import { formatDate, formatShortDate, formatWeekday } from '../../i18n/format';

interface Props {
  view: AllotmentView;
}

const stateOf = (cell: AllotmentCell): string =>
  cell.free < 0 ? 'over' : cell.free === 0 ? 'full' : cell.released ? 'released' : 'open';

export function AllotmentCalendar({ view }: Props) {
  const { t } = useTranslation();
  const lng = currentLanguage();
  if (view.rows.length === 0)
    return (
      <p className="muted" data-testid="allotment-none">
        {t('allotments.none')}
      </p>
    );
  return (
    <div
      className="office-scroll allotment-scroll"
      tabIndex={0}
      role="region"
      aria-label={t('allotments.title')}
    >
      <table className="office-table allotment-calendar" data-testid="allotment-calendar">
        <thead>
          <tr>
            <th scope="col" className="allotment-who">
              {t('allotments.operator')}
            </th>
            {view.nights.map((night) => (
              <th
                scope="col"
                key={night}
                className={`allotment-night${night === view.today ? ' today' : ''}${
                  ['Sat', 'Sun'].includes(formatWeekday(night, 'en')) ? ' weekend' : ''
                }`}
                title={formatDate(night, lng)}
              >
                <span className="weekday">{formatWeekday(night, lng)}</span>
                <span className="day">{formatShortDate(night, lng)}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <tr
              key={`${row.agencyId}\u0000${row.roomType}`}
              data-agency={row.agencyId}
              data-room-type={row.roomType}
            >
              <th scope="row" className="allotment-who" title={`${row.agencyName} · ${row.roomType}`}>
                <span className="operator">{row.agencyName}</span>{' '}
                <span className="room-type">{row.roomType}</span>
              </th>
              {row.cells.map((cell, i) => {
                const night = view.nights[i] ?? '';
                if (!cell)
                  return (
                    <td key={night} className="allotment-cell empty">
                      <span aria-hidden="true">·</span>
                    </td>
                  );
                const state = stateOf(cell);
                const words = {
                  night: formatDate(night, lng),
                  used: cell.used,
                  allotted: cell.allotted,
                  asked: cell.asked,
                  free: Math.max(cell.free, 0),
                  releaseOn: formatDate(cell.releaseOn, lng),
                };
                const title = t(
                  cell.released ? 'allotments.cellTitleReleased' : 'allotments.cellTitle',
                  words,
                );
                return (
                  <td
                    key={night}
                    className={`allotment-cell ${state}${cell.released ? ' released' : ''}`}
                    data-night={night}
                    data-state={state}
                    title={title}
                  >
                    <span className="use">
                      {cell.used}/{cell.allotted}
                    </span>
                    {cell.asked > 0 && <span className="asked">+{cell.asked}</span>}
                    {cell.free < 0 && (
                      <span className="mark" aria-hidden="true">
                        ✕
                      </span>
                    )}
                    {cell.released && (
                      <span className="mark" aria-hidden="true">
                        ↩
                      </span>
                    )}
                    <span className="sr-only">{title}</span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
