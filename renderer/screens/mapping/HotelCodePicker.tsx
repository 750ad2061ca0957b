// The hotel's code for one channel code, picked from the hotel's list of its codes of that kind: a
// combobox (ARIA 1.2, list autocomplete) that filters the list as one types. Text that is no code of the
// list is never saved as it stands: the last option offers to add it to the hotel's codes (onAdd), and
// leaving the field with it says so (onUnlisted). An emptied field removes the mapping.
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HotelCode } from '../../../shared/domain';
import { pickerOptions } from './hotel-code-options';
import { keepInSight } from './keep-in-sight';

interface Props {
  /** Unique on the page: the listbox's and options' ids are made from it. */
  id: string;
  channelCode: string;
  /** The code mapped now, as the store says. */
  value: string | null;
  /** The hotel's codes of the row's kind. */
  codes: readonly HotelCode[];
  disabled: boolean;
  /** A code of the list, or '' to remove the mapping. */
  onPick: (code: string) => void;
  onAdd: (text: string) => void;
  onUnlisted: () => void;
  onEdit: () => void;
}

export function HotelCodePicker(props: Props) {
  const { id, channelCode, value, codes, disabled, onPick, onAdd, onUnlisted, onEdit } = props;
  const { t } = useTranslation();
  const [text, setText] = useState(value ?? '');
  const [open, setOpen] = useState(false);
  // Typed since the list opened: the list is filtered by the text; otherwise it shows every code.
  const [typed, setTyped] = useState(false);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLUListElement>(null);
  // Text already dealt with (picked, or handed to the add form) until the store's answer arrives: leaving
  // the field then does nothing more with it.
  const settled = useRef<string | null>(null);

  useEffect(() => {
    setText(value ?? '');
    settled.current = null;
  }, [value]);

  const { matches, exact, addable } = pickerOptions(codes, text, !typed);
  const count = matches.length + (addable === null ? 0 : 1);
  const listId = `${id}-codes`;
  const optionId = (index: number) => `${id}-code-${index}`;

  // The open list stays inside the scrolling table, and the active option inside the list.
  useEffect(() => {
    if (open) keepInSight(list.current);
  }, [open]);
  useEffect(() => {
    const ul = list.current;
    const item = ul?.children[active];
    if (!ul || !(item instanceof HTMLElement)) return;
    if (item.offsetTop < ul.scrollTop) ul.scrollTop = item.offsetTop;
    else if (item.offsetTop + item.offsetHeight > ul.scrollTop + ul.clientHeight)
      ul.scrollTop = item.offsetTop + item.offsetHeight - ul.clientHeight;
  }, [active, open]);

  const pick = (code: string) => {
    setText(code);
    setOpen(false);
    settled.current = code;
    onPick(code);
  };
  const choose = (index: number) => {
    const code = matches[index];
    if (code) pick(code.code);
    else if (addable !== null) {
      setOpen(false);
      settled.current = text.trim();
      onAdd(addable);
    }
  };
  // Enter with no option active, or leaving the field: what the text says, if it is a code of the list.
  const settle = () => {
    setOpen(false);
    const trimmed = text.trim();
    if (trimmed === (value ?? '') || trimmed === settled.current) return;
    if (exact) pick(exact.code);
    else if (trimmed === '') pick('');
    else onUnlisted();
  };
  const showList = () => {
    setTyped(false);
    setOpen(true);
    setActive(0);
  };

  return (
    <div className="hotel-code-picker">
      <input
        role="combobox"
        aria-label={t('mapping.hotelCodeFor', { code: channelCode })}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 && active < count ? optionId(active) : undefined}
        autoComplete="off"
        spellCheck={false}
        value={text}
        disabled={disabled}
        placeholder={t('mapping.pickCode')}
        onClick={() => !open && showList()}
        onChange={(e) => {
          setText(e.target.value);
          settled.current = null;
          setTyped(true);
          setOpen(true);
          setActive(e.target.value.trim() === '' ? -1 : 0);
          onEdit();
        }}
        onBlur={settle}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            if (!open) showList();
            else setActive((a) => (e.key === 'ArrowDown' ? Math.min(a + 1, count - 1) : Math.max(a - 1, 0)));
          } else if (e.key === 'Enter') {
            e.preventDefault();
            if (open && active >= 0 && active < count) choose(active);
            else settle();
          } else if (e.key === 'Escape') {
            if (open) setOpen(false);
            else setText(value ?? '');
          }
        }}
      />
      {open && count > 0 && (
        <ul
          className="hotel-code-list"
          role="listbox"
          id={listId}
          aria-label={t('mapping.hotelCodesOf', { code: channelCode })}
          ref={list}
        >
          {matches.map((code, index) => (
            <li
              key={code.code}
              id={optionId(index)}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'active' : ''}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(index)}
            >
              <span className="code">{code.code}</span>
              {code.name && <span className="muted"> · {code.name}</span>}
            </li>
          ))}
          {addable !== null && (
            <li
              id={optionId(matches.length)}
              role="option"
              aria-selected={active === matches.length}
              className={`add ${active === matches.length ? 'active' : ''}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(matches.length)}
            >
              + {t('mapping.addCode', { code: addable })}
            </li>
          )}
        </ul>
      )}
      {open && count === 0 && <p className="hotel-code-list empty">{t('mapping.noHotelCodes')}</p>}
    </div>
  );
}
