// The first stop of the keyboard, visible when focused. On the inbox, "Skip to the reservation list" takes
// the keyboard past the header and the filters straight to the list, in two presses from page load (Tab,
// Enter); on any other screen, "Skip to content" goes to that screen's main part. Its target always exists.
import { useTranslation } from 'react-i18next';

export const MAIN_ID = 'desk-main';
const LIST_ID = 'inbox-list';

export function SkipLink({ onInbox }: { onInbox: boolean }) {
  const { t } = useTranslation();
  const target = onInbox ? LIST_ID : MAIN_ID;
  return (
    <a
      href={`#${target}`}
      className="skip-link"
      data-testid="skip-to-list"
      onClick={(e) => {
        e.preventDefault();
        document.getElementById(target)?.focus();
      }}
    >
      {t(onInbox ? 'nav.skipToList' : 'nav.skipToContent')}
    </a>
  );
}
