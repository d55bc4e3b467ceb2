import type { MailLanguage } from './mail-language.js';

/** Which mail a one-click unsubscribe link stops: a guest's photos-ready mail, or a gallery's daily digest. */
export type OneClickStopKind = 'photosReady' | 'digest';

/**
 * What the page a one-click unsubscribe link opens in a browser says (GET /unsubscribe/{token}). A link that does
 * not work says the shared errors.MAIL_STOP_LINK_INVALID (and RATE_LIMITED), as the web app's stop page does.
 */
export interface OneClickStopPageTexts {
  /** The page's title when the link names nothing this service signed. */
  linkTitle: string;
  /** The page's title: the mail it is about. */
  title: Record<OneClickStopKind, string>;
  /** What pressing the button stops. */
  whatStops: Record<OneClickStopKind, string>;
  confirm: Record<OneClickStopKind, string>;
  done: Record<OneClickStopKind, string>;
  /** The token is signed, but what it named is gone (the address already deleted, the gallery deleted). */
  nothingLeft: string;
}

const texts: Record<MailLanguage, OneClickStopPageTexts> = {
  en: {
    linkTitle: 'Unsubscribe',
    title: { photosReady: 'The “photos are in” email', digest: 'The daily email about your gallery' },
    whatStops: {
      photosReady:
        'Press the button to stop the “photos are in” email of this gallery and delete your address. Nothing else is kept about you.',
      digest:
        'Press the button to stop the daily email about this gallery (photos and guestbook messages waiting for your approval, storage ending soon, a backup that stopped). You can turn each part back on from your event page.',
    },
    confirm: { photosReady: 'Stop the email and delete my address', digest: 'Stop the daily email' },
    done: {
      photosReady: 'Done: your address is deleted, and we won’t email you about this gallery.',
      digest: 'Done: the daily email about this gallery is stopped.',
    },
    nothingLeft: 'There is nothing left to stop: this email will not be sent again.',
  },
  fr: {
    linkTitle: 'Se désabonner',
    title: { photosReady: 'L’e-mail « les photos sont là »', digest: 'L’e-mail quotidien de votre galerie' },
    whatStops: {
      photosReady:
        'Appuyez sur le bouton pour arrêter l’e-mail « les photos sont là » de cette galerie et effacer votre adresse. Rien d’autre n’est gardé sur vous.',
      digest:
        'Appuyez sur le bouton pour arrêter l’e-mail quotidien de cette galerie (photos et messages du livre d’or en attente de votre validation, stockage bientôt terminé, sauvegarde arrêtée). Vous pouvez réactiver chaque partie depuis la page de votre événement.',
    },
    confirm: { photosReady: 'Arrêter l’e-mail et effacer mon adresse', digest: 'Arrêter l’e-mail quotidien' },
    done: {
      photosReady:
        'C’est fait : votre adresse est effacée et nous ne vous écrirons pas au sujet de cette galerie.',
      digest: 'C’est fait : l’e-mail quotidien de cette galerie est arrêté.',
    },
    nothingLeft: 'Il n’y a plus rien à arrêter : cet e-mail ne sera plus envoyé.',
  },
  es: {
    linkTitle: 'Darse de baja',
    title: { photosReady: 'El correo «ya están las fotos»', digest: 'El correo diario de tu galería' },
    whatStops: {
      photosReady:
        'Pulsa el botón para detener el correo «ya están las fotos» de esta galería y borrar tu dirección. No se guarda nada más sobre ti.',
      digest:
        'Pulsa el botón para detener el correo diario de esta galería (fotos y mensajes del libro de visitas pendientes de tu aprobación, almacenamiento a punto de terminar, una copia de seguridad detenida). Puedes volver a activar cada parte desde la página de tu evento.',
    },
    confirm: { photosReady: 'Detener el correo y borrar mi dirección', digest: 'Detener el correo diario' },
    done: {
      photosReady: 'Hecho: tu dirección está borrada y no te escribiremos sobre esta galería.',
      digest: 'Hecho: el correo diario de esta galería está detenido.',
    },
    nothingLeft: 'No queda nada que detener: este correo no se volverá a enviar.',
  },
};

/** The one-click unsubscribe page's texts in `language` (the mail's). */
export function oneClickStopPageTexts(language: MailLanguage): OneClickStopPageTexts {
  return texts[language];
}
