import './HowItWorks.css';
import { useTranslation } from 'react-i18next';

const STEPS = ['create', 'share', 'upload', 'live'] as const;
const ICONS: Record<(typeof STEPS)[number], string> = { create: '✎', share: '▦', upload: '⇪', live: '✦' };

export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <section className="section" aria-labelledby="steps-title">
      <h2 id="steps-title">{t('home.stepsTitle')}</h2>
      <ol className="steps">
        {STEPS.map((step) => (
          <li key={step} className="step">
            <span className="step-icon" aria-hidden="true">
              {ICONS[step]}
            </span>
            <h3>{t(`home.steps.${step}Title`)}</h3>
            <p>{t(`home.steps.${step}Text`)}</p>
          </li>
        ))}
      </ol>
      <p className="tip">{t('home.tip')}</p>
    </section>
  );
}
