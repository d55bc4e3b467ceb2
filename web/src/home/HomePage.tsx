import './home.css';
import '../plans/plans.css';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLAN_IDS } from '@gallery/contracts';
import { usePagePath } from '../i18n/useLanguage';
import { PlannersSection } from '../pages/PlannersSection';
import { usePageMeta } from '../layout/usePageMeta';
import { PlanCard } from '../plans/PlanCard';
import { DemoSection, useDemoGalleryPath } from './DemoSection';
import { HowItWorks } from '../pages/HowItWorks';

export function HomePage() {
  const { t } = useTranslation();
  const pagePath = usePagePath();
  const demoPath = useDemoGalleryPath();
  usePageMeta('home');

  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <p className="eyebrow">{t('home.eyebrow')}</p>
        <h1 id="hero-title">{t('home.title')}</h1>
        <p className="hero-text">{t('home.subtitle')}</p>
        <div className="button-row">
          <Link to={pagePath('order')} className="button button-primary button-large">
            {t('home.cta')}
          </Link>
          <Link to={demoPath} className="button button-secondary button-large">
            {t('home.demoCta')}
          </Link>
        </div>
        <p className="hero-more">
          <a href="#plans">{t('home.seePricing')}</a>
        </p>
      </section>

      <DemoSection />

      <HowItWorks />

      <section id="plans" className="section plans-section" aria-labelledby="plans-title">
        <h2 id="plans-title">{t('home.plansTitle')}</h2>
        <p className="section-intro">{t('home.plansIncluded')}</p>
        <div className="plan-grid">
          {PLAN_IDS.map((plan) => (
            <PlanCard key={plan} plan={plan} featured={plan === 'standard'} />
          ))}
        </div>
        <p className="guarantee">{t('home.guarantee')}</p>
      </section>

      <PlannersSection />

      <section className="section final-cta" aria-labelledby="final-title">
        <h2 id="final-title">{t('home.finalTitle')}</h2>
        <p>{t('home.finalText')}</p>
        <Link to={pagePath('order')} className="button button-primary button-large">
          {t('home.finalCta')}
        </Link>
      </section>
    </>
  );
}
