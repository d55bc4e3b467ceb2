import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEMO_GALLERY, DEMO_GALLERY_CODE, demoPhotoId, galleryPath } from '@gallery/contracts';
import { useLanguage } from '../i18n/useLanguage';
import './demo-section.css';

/** The demo's photos the phone shows: its cover, then six of its grid (their links are fixed: demoPhotoId). */
const COVER = demoPhotoId(1);
const GRID = [6, 9, 7, 3, 13, 14].map(demoPhotoId);

/** Where the home page opens the live demo gallery, in the visitor's language. */
export function useDemoGalleryPath(): string {
  return galleryPath(DEMO_GALLERY_CODE, useLanguage());
}

/**
 * A picture of the product: a phone showing the live demo gallery (its own photos, plain images: nothing of the
 * gallery's code is loaded on the home page), and the way into it.
 */
export function DemoSection() {
  const { t } = useTranslation();
  const demoPath = useDemoGalleryPath();
  return (
    <section className="section demo-section" aria-labelledby="demo-title">
      <div className="demo-phone" aria-hidden="true">
        <div className="demo-phone-screen">
          <img
            className="demo-phone-cover"
            src={`/media/photos/${COVER}/preview`}
            alt=""
            width={600}
            height={400}
          />
          <p className="demo-phone-names">{DEMO_GALLERY.coupleNames}</p>
          <p className="demo-phone-live">
            <span className="demo-phone-dot" />
            {t('home.demoLive')}
          </p>
          <div className="demo-phone-grid">
            {GRID.map((id) => (
              <img
                key={id}
                src={`/media/photos/${id}/thumbnail`}
                alt=""
                width={120}
                height={80}
                loading="lazy"
              />
            ))}
          </div>
        </div>
      </div>
      <div className="demo-text">
        <h2 id="demo-title">{t('home.demoTitle')}</h2>
        <p>{t('home.demoText')}</p>
        <Link to={demoPath} className="button button-primary" data-testid="home-demo-link">
          {t('home.demoCta')}
        </Link>
      </div>
    </section>
  );
}
