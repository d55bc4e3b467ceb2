import type { SharedMessages } from './en.js';

export const fr: SharedMessages = {
  validation: {
    coupleNamesRequired: 'Les noms du couple sont obligatoires',
    coupleNamesBoth: 'Veuillez saisir les deux prénoms (ex. Sarah & Mike)',
    weddingDateRequired: 'La date du mariage est obligatoire',
    weddingDateInvalid: 'Veuillez saisir une date valide',
    weddingDateTooFar: 'La date du mariage ne peut pas dépasser 2 ans',
    locationRequired: "Le lieu de l'événement est obligatoire",
    locationIncomplete: 'Veuillez saisir un lieu complet',
    emailRequired: "L'adresse e-mail est obligatoire",
    emailInvalid: 'Veuillez saisir une adresse e-mail valide',
    phoneRequired: 'Le numéro de téléphone est obligatoire',
    phoneTooShort: 'Le numéro de téléphone doit comporter au moins 10 chiffres',
    phoneTooLong: 'Le numéro de téléphone est trop long',
    planRequired: 'Veuillez choisir une formule',
    tooLong: 'Veuillez utiliser au plus {{count}} caractères',
    forbiddenCharacters: 'Veuillez retirer les caractères de contrôle ou de direction du texte',
  },
  errors: {
    GALLERY_NOT_FOUND: 'Galerie introuvable',
    VALIDATION_FAILED: 'Veuillez corriger les champs indiqués',
    PHOTO_LIMIT_REACHED:
      'Cette galerie est pleine : elle contient {{count}} photos, le maximum de sa formule. Prévenez les mariés.',
    UNSUPPORTED_FILE_TYPE:
      "Ce fichier n'est pas une photo prise en charge. Envoyez des images JPEG, PNG, WebP ou HEIC.",
    FILE_TOO_LARGE: 'Cette photo dépasse {{count}} Ko.',
    VIDEO_TOO_LARGE: 'Cette vidéo dépasse {{count}} Ko.',
    VIDEOS_NEED_PREMIUM:
      'Les vidéos ne peuvent être ajoutées qu’avec la formule Premium. Les mariés peuvent passer la galerie en Premium.',
    VIDEO_UNREADABLE: 'Cette vidéo est illisible. Envoyez un fichier MP4, MOV ou WebM.',
    FILE_EMPTY: 'Ce fichier est vide.',
    GALLERY_EXPIRED: "Cette galerie a expiré et n'accepte plus de photos.",
    GALLERY_READ_ONLY:
      "La formule de cette galerie a été remboursée : ses photos restent visibles et téléchargeables, mais elle n'en accepte plus de nouvelles.",
    UPLOAD_NOT_FOUND: "L'envoi n'a pas atteint notre stockage. Veuillez réessayer.",
    UNAUTHENTICATED: 'Veuillez vous identifier comme propriétaire de la galerie.',
    FORBIDDEN: "Vous n'avez pas accès à cette galerie.",
    INTERNAL: 'Un problème est survenu de notre côté. Veuillez réessayer.',
    SERVICE_UNAVAILABLE:
      'Le service de galerie ne répond pas pour le moment. Veuillez réessayer dans un instant.',
    RATE_LIMITED: 'Trop de tentatives. Veuillez patienter {{count}} secondes puis réessayer.',
    IMAGE_TOO_LARGE: 'Cette photo dépasse {{count}} mégapixels.',
    UPLOADS_BUSY: 'Trop d’envois sont en cours pour cette galerie. Veuillez attendre qu’ils se terminent.',
    // billing
    NOT_GALLERY_OWNER: 'Seul le propriétaire de la galerie peut faire cela.',
    UPGRADE_NOT_AVAILABLE: 'Cette galerie ne peut pas passer à cette formule.',
    CHECKOUT_NOT_FOUND: "Ce paiement n'existe pas.",
    CHECKOUT_CLOSED: 'Ce paiement est déjà réglé ou annulé.',
    DEMO_PAYMENTS_DISABLED:
      'Les paiements de démonstration sont désactivés : les paiements passent par Stripe.',
    NOTHING_TO_REFUND: "Il n'y a aucun paiement à rembourser pour cette galerie.",
    REFUND_WINDOW_CLOSED: 'Le délai de remboursement de {{count}} jours pour ce paiement est dépassé.',
    // bundles
    BUNDLE_NOT_FOUND: "Ce lot n'est pas proposé.",
    TOO_MANY_BUNDLES: 'Un paiement peut contenir au plus {{count}} lots.',
    CREDIT_NOT_FOUND: "Ce crédit n'existe pas.",
    NOT_CREDIT_OWNER:
      "Ce crédit appartient à un autre compte. Connectez-vous avec l'adresse e-mail qui l'a acheté.",
    CREDIT_EXPIRED: "Ce crédit a expiré : les crédits s'utilisent dans les {{count}} jours suivant l'achat.",
    CREDIT_WRONG_PLAN: 'Ce crédit est pour une autre formule. Choisissez un crédit de la formule voulue.',
    GALLERY_ALREADY_ON_PLAN: 'Cette galerie a déjà cette formule ou une formule supérieure.',
    CREDIT_ALREADY_USED: "Ce crédit vient d'être utilisé pour une autre galerie. Choisissez un autre crédit.",
    CREDIT_REFUNDED: 'Ce crédit a été remboursé et ne peut plus être utilisé.',
    NO_CREDITS_TO_REFUND: "Ce lot n'a plus de crédits inutilisés à rembourser.",
    // owners
    SIGN_IN_LINK_INVALID:
      'Ce lien de connexion est incorrect, déjà utilisé ou expiré. Demandez-en un nouveau.',
    // Find me
    FIND_ME_OFF: "Les mariés n'ont pas activé « Me retrouver » pour cette galerie.",
    SELFIE_TOO_LARGE: 'Cette image dépasse {{count}} Ko. Prenez-en une plus petite.',
    SELFIE_UNREADABLE: "Cette image n'a pas pu être lue. Prenez une photo ou choisissez un JPEG ou un PNG.",
    NO_FACE_FOUND:
      "Nous n'avons pas trouvé de visage sur cette image. Réessayez face à l'appareil, avec une bonne lumière.",
    PHOTO_NOT_FOUND: "Cette photo n'existe plus.",
    NOT_YOUR_PHOTO:
      "Seul l'invité qui a envoyé cette photo peut la supprimer, depuis le téléphone ou l'ordinateur d'où elle est partie.",
    // guest names
    GUEST_NAME_TOO_LONG: 'Votre nom ne doit pas dépasser {{count}} caractères.',
    GUEST_NAME_FORBIDDEN_CHARACTERS:
      'Veuillez retirer de votre nom les caractères de contrôle ou de direction du texte.',
    // hearts and the guestbook
    GUEST_IDENTITY_REQUIRED: 'Veuillez recharger la page de la galerie et réessayer.',
    GUESTBOOK_MESSAGE_EMPTY: 'Veuillez écrire un message.',
    GUESTBOOK_MESSAGE_TOO_LONG: 'Votre message doit tenir en {{count}} caractères.',
    GUESTBOOK_MESSAGE_TOO_MANY_LINES: 'Votre message doit tenir en {{count}} lignes.',
    GUESTBOOK_MESSAGE_FORBIDDEN_CHARACTERS:
      'Veuillez retirer les caractères de contrôle ou de sens du texte de votre message.',
    GUESTBOOK_MESSAGE_NOT_FOUND: "Ce message n'est plus dans le livre d'or.",
    GUEST_MAIL_ADDRESS_INVALID: 'Veuillez saisir une adresse e-mail valide ({{count}} caractères au plus).',
    MAIL_STOP_LINK_INVALID: 'Ce lien ne fonctionne pas. Copiez le lien entier depuis l’e-mail.',
    // photo challenges
    CHALLENGES_TOO_MANY: 'Une galerie peut avoir au plus {{count}} défis.',
    CHALLENGE_PROMPT_EMPTY: 'Veuillez écrire le défi, ou le retirer.',
    CHALLENGE_PROMPT_TOO_LONG: 'Chaque défi ne doit pas dépasser {{count}} caractères.',
    CHALLENGE_PROMPT_FORBIDDEN_CHARACTERS:
      'Veuillez retirer du défi les caractères de contrôle ou de direction du texte.',
    CHALLENGE_NOT_FOUND: "Ce défi n'est plus dans la galerie. Choisissez-en un autre.",
    // table cards
    TABLE_NUMBER_INVALID: 'Les tables sont numérotées de 1 à {{count}}.',
    // l'accueil des invités
    WELCOME_LINE_TOO_LONG: 'Le mot d’accueil ne doit pas dépasser {{count}} caractères.',
    WELCOME_LINE_FORBIDDEN_CHARACTERS:
      'Veuillez retirer les caractères de contrôle ou de direction du texte du mot d’accueil.',
    COVER_PHOTO_UNAVAILABLE:
      'Cette photo ne peut pas servir de couverture : choisissez une photo que les invités voient dans la galerie.',
    // the slideshow wall
    WALL_LINK_INVALID: "Ce lien de diaporama n'est plus valide. Demandez-en un nouveau aux mariés.",
    WALL_LINKS_LIMIT:
      'Cette galerie a déjà {{count}} liens de diaporama. Réinitialisez-les pour en créer un nouveau.',
    WALL_INTERVAL_INVALID: 'Veuillez choisir une des durées proposées.',
    // custom domains
    DOMAIN_NEEDS_PREMIUM:
      'Le domaine personnalisé est inclus dans la formule Premium. Passez cette galerie en Premium pour l’afficher sur votre propre domaine.',
    DOMAIN_INVALID: 'Veuillez saisir un nom d’hôte comme photos.anna-et-ben.fr.',
    DOMAIN_IP_ADDRESS: 'Veuillez saisir un nom d’hôte, pas une adresse IP.',
    DOMAIN_WILDCARD:
      'Les jokers ne sont pas acceptés. Veuillez saisir un seul nom comme photos.anna-et-ben.fr.',
    DOMAIN_PRODUCT_HOST:
      'Ce nom appartient à Wedding Gallery. Veuillez saisir un nom d’un domaine qui vous appartient.',
    DOMAIN_TAKEN: 'Ce domaine est déjà utilisé par une autre galerie.',
    DOMAIN_ALREADY_SET: 'Cette galerie a déjà un domaine. Retirez-le d’abord pour en utiliser un autre.',
    DOMAIN_NOT_SET: 'Cette galerie n’a pas de domaine personnalisé.',
    // cloud-drive backup
    BACKUP_NEEDS_PREMIUM:
      'La sauvegarde sur votre cloud est incluse dans la formule Premium. Passez cette galerie en Premium pour la sauvegarder sur votre cloud.',
    BACKUP_URL_INVALID:
      'Veuillez saisir l’adresse de votre dossier WebDAV, comme https://cloud.exemple.fr/remote.php/dav/files/anna/ (500 caractères au plus).',
    BACKUP_DESTINATION_PRIVATE:
      'Cette adresse est sur un réseau privé. Veuillez saisir l’adresse de votre cloud sur internet.',
    BACKUP_CREDENTIALS_TOO_LONG: 'Le nom d’utilisateur ou le mot de passe d’application est trop long.',
    BACKUP_CREDENTIALS_REFUSED:
      'Votre cloud a refusé ce nom d’utilisateur et ce mot de passe d’application. Vérifiez-les, ou créez un nouveau mot de passe d’application dans les réglages de votre cloud.',
    BACKUP_DESTINATION_UNREACHABLE:
      'Votre cloud n’a pas répondu à cette adresse. Vérifiez l’adresse et réessayez.',
    BACKUP_NOT_WEBDAV:
      'Cette adresse a répondu, mais pas comme un dossier WebDAV. Vérifiez l’adresse dans les réglages de votre cloud.',
    BACKUP_ALREADY_CONNECTED:
      'Cette galerie est déjà sauvegardée sur un cloud. Déconnectez-le d’abord pour en utiliser un autre.',
    BACKUP_NOT_CONNECTED: 'Cette galerie n’est sauvegardée sur aucun cloud.',
    BACKUP_DRIVE_NOT_OFFERED: 'Ce cloud n’est pas proposé ici. Veuillez en choisir un autre.',
    BACKUP_OAUTH_STATE_INVALID:
      'Cette connexion a expiré ou n’a pas été lancée depuis cette page. Veuillez appuyer de nouveau sur le bouton du cloud.',
    BACKUP_OAUTH_DENIED:
      'Le cloud n’a pas donné l’accès : rien n’a été connecté. Appuyez de nouveau sur le bouton du cloud et autorisez l’accès.',
    // réglages de confidentialité
    UPLOADS_NOT_OPEN:
      'Les envois vers cette galerie ne sont pas encore ouverts. Réessayez quand les mariés les ouvriront.',
    UPLOADS_CLOSED: 'Les envois vers cette galerie sont fermés.',
    UPLOADS_CLOSE_IN_PAST: 'Veuillez choisir une heure de fermeture dans le futur.',
    UPLOADS_AFTER_EXPIRY: 'Veuillez choisir des heures avant la fin de la galerie.',
    REVEAL_TIME_REQUIRED: 'Veuillez choisir quand les photos de tous apparaissent.',
    REVEAL_IN_PAST: 'Veuillez choisir une heure de dévoilement dans le futur.',
    REVEAL_AFTER_EXPIRY: 'Veuillez choisir une heure de dévoilement avant la fin de la galerie.',
    REVEAL_TIME_NOT_USED: 'Une heure de dévoilement ne sert qu’avec « Dévoiler à une heure ».',
    UPLOADS_CLOSE_BEFORE_OPEN: "Veuillez choisir une heure de fermeture après l'heure d'ouverture.",
    DOWNLOAD_ALL_PRIVATE:
      'Tout télécharger est désactivé tant que les mariés gardent les photos des invités privées.',
    REVIEW_BATCH_TOO_LARGE: 'Veuillez approuver ou masquer au plus {{count}} photos à la fois.',
    REVIEW_PHOTO_NOT_FOUND: 'Une de ces photos n’est plus dans la galerie. Rechargez la file et réessayez.',
    REVIEW_MESSAGE_BATCH_TOO_LARGE: 'Veuillez approuver ou masquer au plus {{count}} messages à la fois.',
    REVIEW_MESSAGE_NOT_FOUND:
      'Un de ces messages n’est plus dans le livre d’or. Rechargez la file et réessayez.',
    ORIGINALS_NOT_ALLOWED: 'Les mariés ont désactivé le téléchargement des originaux pour les invités.',
    ORIGINAL_COPY_PENDING:
      'La copie de cette photo sans son lieu n’est pas prête. Réessayez dans une minute, ou gardez les lieux dans vos téléchargements.',
    // gallery PIN
    PIN_FORMAT_INVALID: 'Un code PIN compte de 4 à 8 chiffres (0-9), rien d’autre.',
    PIN_REQUIRED:
      'Cette galerie est protégée par un code PIN. Veuillez saisir le code PIN donné par les mariés.',
    PIN_WRONG: 'Ce code PIN n’est pas le bon. Vérifiez-le auprès des mariés et réessayez.',
    // la galerie de démonstration
    DEMO_READ_ONLY:
      'Ceci est une galerie de démonstration : vous pouvez tout regarder, mais rien ne peut y être ajouté ni modifié. Créez votre propre galerie pour ajouter des photos.',
  },
  contactValidation: {
    nameRequired: 'Votre nom est obligatoire',
    messageRequired: 'Veuillez écrire votre message',
    messageTooShort: 'Veuillez écrire au moins {{count}} caractères',
  },
};
