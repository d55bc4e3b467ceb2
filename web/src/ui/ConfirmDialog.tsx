import { useId, type ReactNode } from 'react';
import { Button } from './Button';
import { Modal } from './Modal';

/**
 * Asks before something that cannot be undone. A modal dialog named by its title: Tab stays inside, Escape or
 * Cancel closes it, and Cancel comes first so it is what the dialog focuses.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  cancelLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  return (
    <Modal labelledBy={titleId} onClose={onCancel} className="confirm-dialog">
      <h2 id={titleId}>{title}</h2>
      {children}
      <div className="button-row is-stacked">
        <Button variant="ghost" onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button variant="danger" disabled={busy} aria-busy={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
