import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useOptionalAppState } from '../state/AppStateProvider';
import { trapTab } from './focusTrap';

interface ModalProps {
  /** The id of the element naming the dialog (usually its heading). */
  labelledBy: string;
  onClose: () => void;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  className?: string;
  children: ReactNode;
}

/** A modal dialog: the page behind is inert, Tab stays inside, Esc or a click on the backdrop closes it. */
export function Modal({ labelledBy, onClose, onKeyDown, className, children }: ModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const appState = useOptionalAppState();
  const dispatch = appState?.dispatch;
  const onCloseRef = useRef(onClose);
  const unmountingRef = useRef(false);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // The open dialogs, innermost last (ui.modalStack).
  useEffect(() => {
    if (!dispatch) return;
    dispatch({ type: 'pushModal', modal: labelledBy });
    return () => dispatch({ type: 'popModal' });
  }, [dispatch, labelledBy]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      unmountingRef.current = true;
      if (dialog.open) dialog.close();
      previous?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className={`modal ${className ?? ''}`}
      aria-modal="true"
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        event.preventDefault();
        onCloseRef.current();
      }}
      onClose={() => {
        if (!unmountingRef.current) onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === dialogRef.current) onCloseRef.current();
      }}
      onKeyDown={(event) => {
        trapTab(event, dialogRef.current);
        onKeyDown?.(event);
      }}
    >
      <div className="modal-body">{children}</div>
    </dialog>
  );
}
