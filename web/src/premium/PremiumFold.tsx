import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanId } from '@gallery/contracts';
import { Button, ButtonLink } from '../ui/Button';

/**
 * A Premium-only setting on a lower plan: one line saying it comes with Premium and the way to upgrade, its fields
 * folded until the couple asks to see them (the server refuses them anyway). On Premium, the fields as they are.
 */
export function PremiumFold({ code, plan, children }: { code: string; plan: PlanId; children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const foldId = useId();
  if (plan === 'premium') return <>{children}</>;
  return (
    <div className="premium-fold">
      <p className="premium-note">{t('premium.includedWithPremium')}</p>
      <div className="premium-actions">
        <ButtonLink to={`/upgrade/${encodeURIComponent(code)}`} variant="secondary">
          {t('premium.upgrade')}
        </ButtonLink>
        <Button variant="ghost" aria-expanded={open} aria-controls={foldId} onClick={() => setOpen(!open)}>
          {open ? t('premium.hideSettings') : t('premium.showSettings')}
        </Button>
      </div>
      <div id={foldId} hidden={!open}>
        {open && children}
      </div>
    </div>
  );
}
