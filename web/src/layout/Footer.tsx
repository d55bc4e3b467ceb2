import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CONTACT_EMAIL } from '../config';
import { usePagePath } from '../i18n/useLanguage';

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
    <footer className="site-footer">
      <div className="footer-grid">
        <div className="footer-column">
          <h2 className="footer-title">{t('footer.aboutTitle')}</h2>
          <p>{t('footer.aboutText')}</p>
          <p>
            {t('footer.contactLabel')} <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>
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
            { to: '/satisfaction-guarantee', label: t('footer.guarantee') },
          ]}
        />
        <FooterColumn
          title={t('footer.companyTitle')}
          links={[
            { to: pagePath('about'), label: t('footer.about') },
            { to: '/testimonials', label: t('footer.testimonials') },
            { to: '/blog', label: t('footer.blog') },
            { to: '/privacy-policy', label: t('footer.privacy') },
            { to: '/terms-of-service', label: t('footer.terms') },
            { to: '/cookie-policy', label: t('footer.cookies') },
          ]}
        />
      </div>
      <p className="copyright">{t('footer.copyright', { year: new Date().getFullYear() })}</p>
    </footer>
  );
}
