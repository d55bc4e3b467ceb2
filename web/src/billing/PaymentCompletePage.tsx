import { useTranslation } from 'react-i18next';
import { MessagePanel } from './MessagePanel';

/** /payment-complete: the phone's last screen; the computer shows the gallery. */
export function PaymentCompletePage() {
  const { t } = useTranslation();
  return (
    <MessagePanel title={t('billing.complete.title')} testId="payment-complete">
      <p>{t('billing.complete.text')}</p>
    </MessagePanel>
  );
}
