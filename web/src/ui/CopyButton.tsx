import { useTranslation } from 'react-i18next';
import { copyText } from './clipboard';
import { useTimedMessage } from './useTimedMessage';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [message, show] = useTimedMessage();
  return (
    <span className="copy-button">
      <button
        type="button"
        className="button button-secondary button-small"
        onClick={async () => {
          if (await copyText(value)) show(t('order.success.copied'));
        }}
      >
        {label}
      </button>
      <span role="status" className="copy-status">
        {message}
      </span>
    </span>
  );
}
