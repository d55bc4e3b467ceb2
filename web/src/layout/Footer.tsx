import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_CONTACT_EMAIL } from '@gallery/contracts';
import { usePagePath } from '../i18n/useLanguage';
import { ThemeSelect } from './ThemeSelect';

interface FooterLink {
  to: string;
  label: string;
}

function FooterColumn({ title, links }: { title: string; links: FooterLink[] }) {
  return (
    <div className="footer-column">
      <h2 className="footer-title">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.label}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The full footer: about (with the contact email), features, support, company, and the copyright line. */
export function Footer() {
  const { t } = useTranslation();
  const pagePath = usePagePath();

  return (
    <footer className="site-footer" data-footer="full">
      <div className="footer-grid">
        <div className="footer-column">
          <h2 className="footer-title">{t('footer.aboutTitle')}</h2>
          <p>{t('footer.aboutText')}</p>
          <p>
            {t('footer.contactLabel')} <a href={`mailto:${DEFAULT_CONTACT_EMAIL}`}>{DEFAULT_CONTACT_EMAIL}</a>
          </p>
        </div>
        <FooterColumn
          title={t('footer.featuresTitle')}
          links={[
            { to: pagePath('features'), label: t('footer.liveGallery') },
            { to: pagePath('features'), label: t('footer.qrSharing') },
            { to: pagePath('features'), label: t('footer.guestUploads') },
            { to: pagePath('pricing'), label: t('footer.pricing') },
          ]}
        />
        <FooterColumn
          title={t('footer.supportTitle')}
          links={[
            { to: pagePath('howItWorks'), label: t('footer.howItWorks') },
            { to: pagePath('faq'), label: t('footer.faq') },
            { to: pagePath('contact'), label: t('footer.contact') },
            { to: pagePath('guarantee'), label: t('footer.guarantee') },
          ]}
        />
        <FooterColumn
          title={t('footer.companyTitle')}
          links={[
            { to: pagePath('about'), label: t('footer.about') },
            { to: pagePath('testimonials'), label: t('footer.testimonials') },
            { to: pagePath('blog'), label: t('footer.blog') },
            { to: pagePath('privacy'), label: t('footer.privacy') },
            { to: pagePath('terms'), label: t('footer.terms') },
            { to: pagePath('cookies'), label: t('footer.cookies') },
          ]}
        />
      </div>
      <div className="footer-bottom">
        <p className="copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <ThemeSelect />
      </div>
    </footer>
  );
}

/** The minimal footer: copyright, privacy and terms. */
export function MinimalFooter() {
  const { t } = useTranslation();
  const pagePath = usePagePath();
  return (
    <footer className="site-footer site-footer-minimal" data-footer="minimal">
      <div className="footer-bottom">
        <p className="copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        <ul className="footer-inline-links">
          <li>
            <Link to={pagePath('privacy')}>{t('footer.privacy')}</Link>
          </li>
          <li>
            <Link to={pagePath('terms')}>{t('footer.terms')}</Link>
          </li>
        </ul>
        <ThemeSelect />
      </div>
    </footer>
  );
}
