// The first stop of the keyboard: "Skip to reservations" (visible when focused) takes the keyboard past the
// header and the filters straight to the list, in two presses from page load (Tab, Enter).
import { useTranslation } from 'react-i18next';

const focusList = () => document.querySelector<HTMLElement>('[data-testid="inbox-list"]')?.focus();

/** onShowInbox: brings the inbox up first when another screen is showing. */
export function SkipLink({ onShowInbox }: { onShowInbox: () => void }) {
  const { t } = useTranslation();
  return (
    <a
      href="#inbox-list"
      className="skip-link"
      data-testid="skip-to-list"
      onClick={(e) => {
        e.preventDefault();
        onShowInbox();
        // The inbox may only now be rendering: focus the list once it is there.
        requestAnimationFrame(() => requestAnimationFrame(focusList));
      }}
    >
      {t('nav.skipToList')}
    </a>
  );
}
