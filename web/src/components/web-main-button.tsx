import './web-main-button.css';
import { Button } from '@telegram-apps/telegram-ui';
import { useAtomValue } from 'jotai';
import { webMainButtonAtom } from '../host/main-button.ts';

/**
 * The plain-web form of the screen's Main button: a primary page button, sticky on narrow screens
 * (where the page keeps room for it when scrolling a field into view) and after the content on wide ones.
 */
export function WebMainButton() {
  const button = useAtomValue(webMainButtonAtom);
  if (!button) return null;
  return (
    <div className="main-button-bar">
      <Button
        type="button"
        mode="filled"
        size="l"
        stretched
        className="main-button"
        loading={button.loading}
        disabled={!button.enabled || button.loading}
        aria-busy={button.loading || undefined}
        onClick={button.onClick}
      >
        {button.text}
      </Button>
    </div>
  );
}
