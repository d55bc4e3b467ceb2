import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { fromApiPlan } from '../api/plan';
import { formatLastDay } from '../i18n/formatDate';
import { MessagePanel } from './MessagePanel';
import { PaidGallery } from './PaidGallery';

/** /upgrade-success?checkout=ID: "Successfully upgraded", the plan and until when photos are now kept. */
export function UpgradeSuccessPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PaidGallery>
      {(_checkout, event) => {
        const expiry = event.expiresAt ? formatLastDay(event.expiresAt) : null;
        return (
          <MessagePanel title={t('billing.upgraded.title')} testId="upgrade-success">
            <p data-testid="upgraded-plan">
              {t('billing.upgraded.plan', {
                code: event.code,
                plan: t(`plans.names.${fromApiPlan(event.plan)}`),
              })}
            </p>
            {expiry && <p data-testid="upgraded-expiry">{t('storage.keptUntil', { date: expiry })}</p>}
            <button
              type="button"
              className="button button-primary"
              onClick={() => void navigate(`/gallery/${encodeURIComponent(event.code)}`)}
            >
              {t('billing.upgraded.open')}
            </button>
          </MessagePanel>
        );
      }}
    </PaidGallery>
  );
}
