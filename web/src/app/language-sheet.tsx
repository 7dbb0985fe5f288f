import { useLingui } from '@lingui/react';
import { useEffect, useId, useRef } from 'react';
import { LANGUAGES, languageNames } from '../../../domain/enums.ts';
import { useHost } from '../host/index.ts';
import { useLanguage } from '../lib/i18n.ts';

interface LanguageSheetProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The language, chosen from Telegram's Settings item (docs/product/identity.md#languages): a modal bottom sheet. A native
 * <dialog> keeps focus inside while open, closes on Escape and gives focus back when it closes.
 */
export function LanguageSheet({ open, onClose }: LanguageSheetProps) {
  const { i18n } = useLingui();
  const host = useHost();
  const [language, setLanguage] = useLanguage();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  // A tap on the dimmed backdrop lands on the dialog element itself; keyboards close it with Escape.
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const onBackdrop = (event: MouseEvent) => {
      if (event.target === element) close.current();
    };
    element.addEventListener('click', onBackdrop);
    return () => element.removeEventListener('click', onBackdrop);
  }, []);

  return (
    <dialog ref={dialog} className="sheet" aria-labelledby={titleId} onClose={onClose}>
      <div className="sheet__body">
        <h2 id={titleId} className="sheet__title">
          {i18n._('Language')}
        </h2>
        <ul className="sheet__options">
          {LANGUAGES.map((lang) => (
            <li key={lang}>
              <button
                type="button"
                lang={lang}
                className="sheet__option"
                aria-pressed={lang === language}
                onClick={() => {
                  host.haptic('selection');
                  setLanguage(lang);
                  onClose();
                }}
              >
                {languageNames[lang]}
                {lang === language ? (
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
                    <path
                      d="M5 12l5 5 9-10"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2.5"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
        <button type="button" className="button button--secondary sheet__close" onClick={onClose}>
          {i18n._('Close')}
        </button>
      </div>
    </dialog>
  );
}
