import { useEffect, useRef, type ReactNode } from 'react';

/** A refusal or a result said where the action was, taking focus so a screen reader and the keyboard go on from it. */
export function FocusedNotice({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div ref={box} className={`notice notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'} tabIndex={-1}>
      {children}
    </div>
  );
}
