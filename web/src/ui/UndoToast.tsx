import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * One toast per removal that can still be undone, with its Undo button and a line showing the time left. When
 * the pressed Remove button left the page (focus fell to the body), the newest Undo takes the focus.
 */
export function UndoToasts({
  items,
  message,
  durationMs,
  onUndo,
}: {
  items: readonly string[];
  message: string;
  durationMs: number;
  onUndo: (id: string) => void;
}) {
  const { t } = useTranslation();
  const newestRef = useRef<HTMLButtonElement>(null);
  const newest = items.at(-1);
  useEffect(() => {
    if (newest && (document.activeElement === document.body || document.activeElement === null)) {
      newestRef.current?.focus();
    }
  }, [newest]);

  return (
    <ol className="toast-viewport" aria-live="polite" aria-label={t('site.notifications')}>
      {items.map((id) => (
        <li key={id} className="toast" data-testid="undo-toast">
          <span>{message}</span>
          <button
            ref={id === newest ? newestRef : undefined}
            type="button"
            className="button button-ghost button-small"
            onClick={() => onUndo(id)}
          >
            {t('ui.undo')}
          </button>
          <span className="toast-time" aria-hidden="true" style={{ animationDuration: `${durationMs}ms` }} />
        </li>
      ))}
    </ol>
  );
}
