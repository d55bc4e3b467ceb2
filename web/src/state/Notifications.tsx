import { useTranslation } from 'react-i18next';
import { useAppState } from './AppStateProvider';

/** The toast viewport (up to 420 px wide from medium screens) and the offline notice. */
export function Notifications() {
  const { t } = useTranslation();
  const { state, dispatch } = useAppState();
  return (
    <>
      {!state.ui.isOnline && (
        <p className="offline-notice" role="status" data-testid="offline-notice">
          {t('site.offline')}
        </p>
      )}
      <ol className="toast-viewport" aria-live="polite" aria-label={t('site.notifications')}>
        {state.notifications.map((notification) => (
          <li key={notification.id} className={`toast toast-${notification.kind}`}>
            <span>{notification.message}</span>
            <button
              type="button"
              className="toast-close"
              aria-label={t('common.close')}
              onClick={() => dispatch({ type: 'removeNotification', id: notification.id })}
            >
              ×
            </button>
          </li>
        ))}
      </ol>
    </>
  );
}
