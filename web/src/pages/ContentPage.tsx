import './pages.css';
import '../plans/plans.css';
import { useTranslation } from 'react-i18next';
import { PLAN_IDS } from '@gallery/contracts';
import { WithApollo } from '../api/WithApollo';
import { HowItWorks } from './HowItWorks';
import type { PageId } from '../i18n/languages';
import { PlanCard } from '../plans/PlanCard';
import { ContactForm } from './ContactForm';
import { CONTENT_VALUES } from './contentValues';
import { PlannersSection } from './PlannersSection';
import { usePageMeta } from '../layout/usePageMeta';
import { BundleOffers } from '../bundles/BundleOffers';

export type ContentPageId = Exclude<PageId, 'home' | 'order'>;

interface Section {
  title: string;
  text: string;
}

/** An information page: its title, intro and sections in the shown language, plus what the page adds. */
export function ContentPage({ page }: { page: ContentPageId }) {
  const { t } = useTranslation();
  usePageMeta(page);
  const sections = t(`pages.${page}.sections`, { returnObjects: true, ...CONTENT_VALUES }) as unknown;
  const list = Array.isArray(sections) ? (sections as Section[]) : [];
  const isFaq = page === 'faq';

  return (
    <article className="content-page" data-page={page}>
      <header className="page-header">
        <h1>{t(`pages.${page}.title`)}</h1>
        <p className="section-intro">{t(`pages.${page}.intro`, CONTENT_VALUES)}</p>
      </header>

      {page === 'pricing' && (
        <section className="section plans-section" aria-labelledby="plans-title">
          <h2 id="plans-title">{t('home.plansTitle')}</h2>
          <p className="section-intro">{t('home.plansIncluded')}</p>
          <div className="plan-grid">
            {PLAN_IDS.map((plan) => (
              <PlanCard key={plan} plan={plan} featured={plan === 'standard'} />
            ))}
          </div>
          <p className="guarantee">{t('site.guaranteeNote', CONTENT_VALUES)}</p>
        </section>
      )}

      {page === 'pricing' && <BundleOffers />}

      {page === 'howItWorks' && <HowItWorks />}

      {list.length > 0 &&
        (isFaq ? (
          <dl className="faq-list">
            {list.map((section) => (
              <div key={section.title} className="faq-item">
                <dt>{section.title}</dt>
                <dd>{section.text}</dd>
              </div>
            ))}
          </dl>
        ) : (
          <div className="content-sections">
            {list.map((section) => (
              <section key={section.title} className="content-section">
                <h2>{section.title}</h2>
                <p>{section.text}</p>
              </section>
            ))}
          </div>
        ))}

      {page === 'contact' && (
        <WithApollo>
          <ContactForm />
        </WithApollo>
      )}
      {(page === 'pricing' || page === 'about' || page === 'features') && <PlannersSection />}
    </article>
  );
}
