import type { UiTexts } from './en.js';

export const fr: UiTexts = {
  brand: {
    name: 'Live Wedding Gallery',
  },
  common: {
    loading: 'Chargement…',
    close: 'Fermer',
    skipToContent: 'Aller au contenu',
  },
  nav: {
    main: 'Navigation principale',
    menu: 'Menu',
    home: 'Accueil',
    features: 'Fonctionnalités',
    pricing: 'Tarifs',
    howItWorks: 'Comment ça marche',
    about: 'À propos',
    faq: 'FAQ',
    createGallery: 'Créer une galerie',
    language: 'Langue',
  },
  findEvent: {
    button: 'Trouver mon événement',
    title: 'Trouvez votre événement',
    label: "Code de l'événement",
    placeholder: 'ex. ABCD1234',
    hint: 'Saisissez le code de votre invitation ou scannez le QR code.',
    submit: 'Voir la galerie',
  },
  footer: {
    aboutTitle: 'À propos',
    aboutText:
      'Des galeries photo en direct pour les mariages : les invités partagent chaque instant depuis leur téléphone, sans application à installer.',
    contactLabel: 'Contactez-nous :',
    featuresTitle: 'Fonctionnalités',
    liveGallery: 'Galerie photo en direct',
    qrSharing: 'Partage par QR code',
    guestUploads: 'Envoi par les invités, sans application',
    pricing: 'Tarifs',
    supportTitle: 'Assistance',
    howItWorks: 'Comment ça marche',
    faq: 'FAQ',
    contact: 'Contact',
    guarantee: 'Garantie satisfaction',
    companyTitle: 'Entreprise',
    about: 'Qui sommes-nous',
    testimonials: 'Témoignages',
    blog: 'Blog',
    privacy: 'Politique de confidentialité',
    terms: "Conditions d'utilisation",
    cookies: 'Politique de cookies',
    copyright: '© {{year}} Live Wedding Gallery. Tous droits réservés.',
  },
  home: {
    eyebrow: 'Galeries photo de mariage en direct',
    title: 'Toutes les photos de votre mariage, en direct dans une seule galerie',
    subtitle:
      'Créez une galerie, partagez son code ou son QR code, et vos invités envoient leurs photos depuis leur navigateur, sans application. Chaque photo apparaît en direct pour tout le monde.',
    cta: 'Créer votre galerie',
    seePricing: 'Voir les formules',
    stepsTitle: 'Comment ça marche',
    steps: {
      createTitle: 'Créez votre galerie',
      createText:
        'Renseignez les détails de votre mariage, choisissez une formule et obtenez aussitôt votre code.',
      shareTitle: 'Partagez le code ou le QR code',
      shareText: 'Imprimez le QR code sur les cartes de table ou envoyez le code et le lien à vos invités.',
      uploadTitle: 'Les invités envoient depuis leur navigateur',
      uploadText:
        'Ni application ni compte : les invités ouvrent la galerie et ajoutent leurs photos depuis leur téléphone.',
      liveTitle: 'Les photos apparaissent en direct',
      liveText: 'Chaque nouvelle photo s’affiche aussitôt pour tous ceux qui regardent la galerie.',
    },
    tip: 'Conseil : créez votre événement au moins une semaine avant le mariage.',
    plansTitle: 'Choisissez votre formule',
    plansIncluded:
      'Chaque formule comprend un QR code à partager, les mises à jour en temps réel, un nombre illimité d’invités spectateurs et le téléchargement des photos.',
    guarantee: 'Satisfait ou remboursé pendant 30 jours',
    finalTitle: 'Prêts à recueillir chaque instant ?',
    finalText: 'Votre galerie est prête en une minute. Vos invités n’ont besoin que de leur téléphone.',
    finalCta: 'Commencer',
  },
  plans: {
    names: {
      free: 'Gratuite',
      standard: 'Standard',
      premium: 'Premium',
    },
    price: '{{price}} $',
    photosUpTo: "Jusqu'à {{count}} photos",
    photosUnlimited: 'Photos illimitées',
    photosAndVideosUnlimited: 'Photos et vidéos illimitées',
    storageDays_one: '{{count}} jour de stockage',
    storageDays: '{{count}} jours de stockage',
    storageYears_one: '{{count}} an de stockage',
    storageYears: '{{count}} ans de stockage',
    emailSupport: 'Assistance par e-mail',
    prioritySupport: 'Assistance prioritaire',
    customDomain: 'Domaine personnalisé',
    cloudBackup: 'Sauvegarde sur votre cloud',
    choose: 'Choisir {{plan}}',
    popular: 'La plus choisie',
  },
  order: {
    title: 'Créez votre galerie',
    subtitle:
      'Parlez-nous de votre mariage et choisissez une formule. Le code de votre galerie est prêt aussitôt.',
    weddingDetails: 'Détails du mariage',
    contactInformation: 'Coordonnées',
    packageSelection: 'Choix de la formule',
    coupleNames: 'Prénoms du couple',
    coupleNamesPlaceholder: 'Sarah & Mike',
    weddingDate: 'Date du mariage',
    location: "Lieu de l'événement",
    locationPlaceholder: 'ex. Château de la Roseraie, Bordeaux',
    email: 'Adresse e-mail',
    emailPlaceholder: 'vous@exemple.fr',
    phone: 'Numéro de téléphone',
    phonePlaceholder: '+33 6 12 34 56 78',
    submit: 'Créer la galerie',
    submitting: 'Création de votre galerie…',
    success: {
      title: 'Votre galerie est prête !',
      intro: 'Partagez le code ou le lien avec vos invités pour qu’ils ajoutent leurs photos.',
      codeLabel: 'Code de la galerie',
      copyCode: 'Copier le code',
      linkLabel: 'Lien de la galerie',
      copyLink: 'Copier le lien',
      copied: 'Copié dans le presse-papiers',
      open: 'Ouvrir votre galerie',
      paymentNext: 'Prochaine étape, le paiement : réglez {{price}} pour activer votre formule {{plan}}.',
    },
  },
  gallery: {
    loading: 'Chargement de la galerie…',
    notFoundText: 'Vérifiez le code et réessayez.',
    returnHome: "Retour à l'accueil",
    loadFailed: "Impossible d'afficher cette galerie.",
    retry: 'Réessayer',
    plan: 'Formule {{plan}}',
    photoCount_one: '{{count}} photo',
    photoCount: '{{count}} photos',
    expires: 'Expire le {{date}}',
    code: 'Code {{code}}',
    actions: 'Actions de la galerie',
    upload: 'Envoyer des photos',
    share: 'Partager la galerie',
    qr: 'Générer le QR code',
    downloadAll: 'Tout télécharger',
    comingSoon: 'Bientôt disponible',
    shareTitle: '{{name}} : photos du mariage',
    shareText: 'Ajoutez vos photos à la galerie de notre mariage !',
    linkCopied: 'Lien de la galerie copié dans le presse-papiers',
    shared: 'Galerie partagée',
    copyThisLink: 'Copiez ce lien : {{url}}',
    photos: 'Photos',
    photoAlt: 'Photo {{index}} sur {{total}}',
    previewUnavailable: 'Aperçu indisponible dans ce navigateur',
    empty: 'Pas encore de photos. Soyez le premier à en envoyer une !',
    loadMore: 'Afficher plus',
    loadingMore: 'Chargement de photos…',
    newPhoto: 'Nouvelle photo ajoutée',
  },
  qr: {
    title: 'QR code de la galerie',
    hint: "Les invités scannent ce code avec l'appareil photo de leur téléphone pour ouvrir la galerie.",
    alt: 'QR code de {{url}}',
    download: 'Télécharger le QR code',
    failed: "Le QR code n'a pas pu être généré.",
  },
  viewer: {
    title: 'Photo {{index}} sur {{total}}',
    previous: 'Photo précédente',
    next: 'Photo suivante',
    downloadOriginal: "Télécharger l'original",
  },
  upload: {
    chooseFiles: 'Choisir les photos à envoyer',
    listLabel: 'Envois',
    summary: '{{done}} sur {{total}} envoyées',
    waiting: 'En attente…',
    uploading: 'Envoi…',
    confirming: 'Traitement…',
    done: 'Envoyée',
    progressLabel: "Progression de l'envoi de {{name}}",
    percent: '{{percent}} %',
    clear: 'Vider la liste',
  },
  download: {
    noPhotos: 'Aucune photo trouvée',
    noPhotosText: "Il n'y a pas encore de photos à télécharger.",
    downloading: 'Téléchargement…',
    adding: 'Ajout de {{count}} photos au zip…',
    creating: 'Création du fichier zip…',
    finalizing: 'Finalisation…',
    complete_one: 'Téléchargement terminé : {{count}} photo',
    complete: 'Téléchargement terminé : {{count}} photos',
    failed: 'Échec du téléchargement : impossible de télécharger les photos. Veuillez réessayer.',
  },
  errorBoundary: {
    title: 'Un problème est survenu',
    message: "Nous sommes désolés, une erreur inattendue s'est produite. Notre équipe a été prévenue.",
    tryAgain: 'Réessayer',
    goHome: "Aller à l'accueil",
  },
  loadingError: {
    title: 'Erreur de chargement',
    message: "L'application n'a pas pu se charger. Veuillez actualiser la page.",
    refresh: 'Actualiser',
  },
  notFound: {
    title: 'Page introuvable',
    message: "La page que vous cherchez n'existe pas ou a été déplacée.",
    home: "Retour à l'accueil",
  },
  video: {
    tileLabel: 'Vidéo, {{duration}} ({{index}} sur {{total}})',
    viewerTitle: 'Vidéo {{index}} sur {{total}}',
    play: 'Lire la vidéo',
    chooseFiles: 'Choisir les photos ou vidéos à envoyer',
  },
  billing: {
    upgrade: {
      title: 'Passer à une offre supérieure',
      gallery: 'Galerie {{code}} : {{name}}',
      currentPlan: 'Offre actuelle : {{plan}}',
      optionsTitle: 'Offres disponibles',
      choose: 'Passer à {{plan}}',
      topPlan: 'Votre galerie a l’offre {{plan}}, notre meilleure : il n’y a rien au-dessus.',
      ownerOnly:
        'Seul le propriétaire de la galerie peut changer d’offre. Ouvrez cette page dans le navigateur où la galerie a été créée.',
      processing: 'Traitement en cours…',
      redirecting: 'Redirection vers le paiement…',
      cancelled: 'Paiement annulé : rien n’a été débité.',
      guarantee_one: 'Satisfait ou remboursé pendant {{count}} jour',
      guarantee: 'Satisfait ou remboursé pendant {{count}} jours',
      refundUntil: 'Satisfait ou remboursé : vous pouvez demander un remboursement jusqu’au {{date}}.',
      refund: 'Demander un remboursement',
      refunding: 'Demande de remboursement…',
      refunded: '{{amount}} remboursés. Votre galerie est revenue à l’offre {{plan}}.',
      loadFailed: 'Impossible de charger les détails de la galerie',
      failed: 'Échec du changement d’offre',
      retry: 'Réessayer',
    },
    checkout: {
      summary: 'Votre commande',
      upgrade: '{{from}} vers {{to}}',
      plan: 'Offre {{plan}}',
      galleryLabel: 'Galerie',
      total: 'Total',
      notFound: 'Ce lien de paiement n’est pas valide.',
      loadFailed: 'Impossible de charger ce paiement. Veuillez réessayer.',
      cancelled: 'Ce paiement a été annulé. Rien n’a été débité.',
      alreadyPaid: 'Ce paiement est déjà effectué.',
      seeResult: 'Voir ma galerie',
    },
    payment: {
      title: 'Paiement',
      redirecting: 'Redirection vers le paiement',
      intro: 'Vous allez payer sur la page sécurisée de notre prestataire de paiement.',
      payHere: 'Payer sur cet appareil',
      phoneTitle: 'Ou payez sur votre téléphone',
      phoneHint:
        'Scannez ce code avec l’appareil photo de votre téléphone pour y payer. Cette page avance d’elle-même une fois le paiement confirmé.',
      qrAlt: 'QR code pour payer sur un téléphone',
    },
    demo: {
      title: 'Paiement de démonstration',
      notice:
        'Mode démonstration : aucune carte n’est demandée et rien n’est débité. Payer remplace le prestataire de paiement.',
      pay: 'Payer {{price}}',
      paying: 'Paiement en cours…',
      cancel: 'Annuler',
      cancelling: 'Annulation…',
      failed: 'Le paiement n’a pas pu être effectué. Veuillez réessayer.',
    },
    mobile: {
      title: 'Payer votre galerie',
      pay: 'Payer {{price}}',
    },
    verification: {
      title: 'Confirmation de votre paiement',
      waiting: 'En attente de la confirmation du paiement…',
      slow: 'Cela prend plus de temps que d’habitude. Gardez cette page ouverte : elle avance d’elle-même dès que le paiement est confirmé.',
      cancelledTitle: 'Paiement annulé',
      cancelled: 'Ce paiement a été annulé et rien n’a été débité.',
      backToPlans: 'Retour aux offres',
    },
    success: {
      title: 'Paiement reçu',
      plan: 'Votre galerie a l’offre {{plan}}.',
      qrTitle: 'QR code de la galerie',
    },
    upgraded: {
      title: 'Offre mise à niveau avec succès',
      plan: 'Votre galerie {{code}} a maintenant l’offre {{plan}}.',
      expires: 'Nouvelle date d’expiration : {{date}}',
      open: 'Ouvrir votre galerie',
    },
    complete: {
      title: 'Paiement effectué',
      text: 'Merci ! Vous pouvez revenir à votre ordinateur : il affiche votre galerie dans un instant.',
    },
    order: {
      paymentNotStarted: 'Votre galerie est créée, mais le paiement n’a pas encore pu commencer.',
      payNow: 'Aller au paiement',
    },
  },
  downloadAll: {
    progressLabel: 'Progression du zip',
    guestsMay: 'Les invités peuvent tout télécharger',
  },
  site: {
    offline: 'Vous êtes hors ligne. Les photos et les changements attendront le retour de la connexion.',
    notifications: 'Notifications',
    theme: 'Thème',
    themes: {
      system: 'Système',
      light: 'Clair',
      dark: 'Sombre',
    },
    titleSuffix: 'Live Wedding Gallery',
    plannersTitle: 'Organisateurs de mariages',
    plannersText:
      'Vous organisez plusieurs mariages par an ? Nous proposons des tarifs spéciaux aux organisateurs.',
    plannersCta: 'Contactez-nous pour des tarifs spéciaux',
    guaranteeNote: 'Satisfait ou remboursé pendant {{days}} jours sur chaque formule payante.',
  },
  contact: {
    name: 'Votre nom',
    email: 'Adresse e-mail',
    subject: 'Objet',
    message: 'Message',
    submit: 'Envoyer le message',
    sending: 'Envoi…',
    sent: 'Merci ! Votre message est bien parvenu à notre équipe. Nous répondons sous deux jours ouvrés.',
    failed: 'Votre message n’a pas pu être envoyé. Veuillez réessayer.',
    orWrite: 'Vous pouvez aussi nous écrire à',
  },
  pages: {
    home: {
      title: 'Galeries photo de mariage en direct',
      description:
        'Créez une galerie photo de mariage en direct : partagez un code ou un QR code, les invités envoient leurs photos depuis le navigateur et chacune apparaît en direct.',
    },
    order: {
      title: 'Créer votre galerie',
      description:
        'Créez votre galerie de mariage en une minute : détails du mariage, coordonnées et formule.',
    },
    notFound: {
      title: 'Page introuvable',
      description: 'Cette page n’existe pas.',
    },
    features: {
      title: 'Fonctionnalités',
      description:
        'Mur de photos en direct, partage par QR code, envoi par les invités sans application, téléchargements pour tous et zip complet pour les mariés.',
      intro:
        'Tout ce qu’il faut à vos invités pour partager la journée, sans rien installer. La galerie fonctionne dans le navigateur de n’importe quel téléphone.',
      sections: [
        {
          title: 'Les photos apparaissent en direct',
          text: 'Chaque photo envoyée par un invité s’affiche en quelques secondes sur tous les écrans qui regardent la galerie, des téléphones aux tables jusqu’au vidéoprojecteur de la salle.',
        },
        {
          title: 'Un code et un QR code à partager',
          text: 'Chaque galerie a un code court et un QR code. Imprimez le QR code sur les cartes de table ou le faire-part : les invités le scannent et ils y sont.',
        },
        {
          title: 'Ni application ni compte pour les invités',
          text: 'Les invités ouvrent la galerie dans leur navigateur et choisissent les photos de leur téléphone. Les photos d’iPhone sont converties pour que tout le monde puisse les voir.',
        },
        {
          title: 'Invités et téléchargements illimités',
          text: 'Avec chaque formule, autant d’invités que vous voulez regardent la galerie et téléchargent en pleine qualité les photos qu’ils aiment.',
        },
        {
          title: 'Tout télécharger en un zip',
          text: 'Les mariés peuvent télécharger toute la galerie en un seul fichier zip, pour garder chaque photo bien après la fête.',
        },
        {
          title: 'Les vidéos avec Premium',
          text: 'La formule Premium accepte aussi les vidéos, avec un an de stockage, un support prioritaire, un domaine personnalisé et une sauvegarde sur le cloud.',
        },
      ],
    },
    pricing: {
      title: 'Tarifs',
      description:
        'Formules Gratuite, Standard et Premium pour votre galerie de mariage en direct, satisfait ou remboursé.',
      intro:
        'Un seul paiement par événement, sans abonnement. Commencez gratuitement et passez à une formule supérieure à tout moment : vous ne payez que la différence.',
      sections: [
        {
          title: 'Changez de formule quand vous voulez',
          text: 'Une galerie peut passer de Gratuite à Standard ou Premium, ou de Standard à Premium, à tout moment avant son expiration. Les photos déjà partagées restent en place.',
        },
        {
          title: 'Satisfait ou remboursé',
          text: 'Si la galerie ne vous convient pas, demandez un remboursement dans les {{days}} jours suivant votre paiement et vous récupérez la totalité.',
        },
      ],
    },
    howItWorks: {
      title: 'Comment ça marche',
      description:
        'Créez votre galerie, partagez son code ou son QR code, et vos invités envoient des photos qui apparaissent en direct.',
      intro: 'Quatre étapes du formulaire de commande à une galerie pleine de photos.',
      sections: [
        {
          title: 'Créez l’événement au moins une semaine avant',
          text: 'Créez votre événement au moins une semaine avant le mariage : vous aurez le temps d’imprimer le QR code sur les cartes de table et d’envoyer le lien aux invités.',
        },
        {
          title: 'Le jour J',
          text: 'Les invités scannent le QR code ou saisissent le code dans Trouver mon événement. Tout ce qu’ils envoient apparaît en direct pour tous, et la galerie peut s’afficher sur un écran dans la salle.',
        },
        {
          title: 'Après le mariage',
          text: 'La galerie reste ouverte pendant la durée de stockage de votre formule. Téléchargez tout en zip avant la fin, ou passez à une formule supérieure pour la garder plus longtemps.',
        },
      ],
    },
    about: {
      title: 'À propos',
      description: 'Qui fait Live Wedding Gallery, et pourquoi.',
      intro:
        'Nous sommes une petite équipe de développeurs et de photographes de mariage qui voulions les photos de tous les invités au même endroit, le jour même.',
      sections: [
        {
          title: 'Pourquoi nous l’avons créé',
          text: 'Après chaque mariage, les plus belles photos restaient dispersées sur cent téléphones et n’arrivaient jamais aux mariés. Une galerie en direct les rassemble pendant la fête.',
        },
        {
          title: 'Ce qui compte pour nous',
          text: 'La simplicité pour les invités de tout âge, la confidentialité par défaut et des prix justes, payés une fois par événement.',
        },
      ],
    },
    contact: {
      title: 'Contact',
      description:
        'Écrivez à l’équipe Live Wedding Gallery : questions, tarifs pour organisateurs, assistance.',
      intro:
        'Une question sur une galerie, une formule ou les tarifs spéciaux pour organisateurs ? Écrivez-nous.',
      sections: [],
    },
    faq: {
      title: 'Questions fréquentes',
      description:
        'Réponses sur les galeries de mariage en direct : invités, formules, stockage, téléchargements et garantie satisfait ou remboursé.',
      intro: 'Les questions que les mariés nous posent le plus souvent.',
      sections: [
        {
          title: 'Les invités ont-ils besoin d’une application ou d’un compte ?',
          text: 'Non. Les invités scannent le QR code ou saisissent le code de la galerie et envoient leurs photos depuis leur navigateur.',
        },
        {
          title: 'Combien de photos pouvons-nous recevoir ?',
          text: 'La formule Gratuite accepte jusqu’à {{freePhotos}} photos ; Standard et Premium n’ont pas de limite. Premium accepte aussi les vidéos.',
        },
        {
          title: 'Combien de temps les photos sont-elles gardées ?',
          text: 'Pendant la durée de stockage de votre formule : {{freeDays}} jours en Gratuite, {{standardDays}} jours en Standard et un an en Premium.',
        },
        {
          title: 'Y a-t-il une garantie satisfait ou remboursé ?',
          text: 'Oui : satisfait ou remboursé pendant {{days}} jours. Demandez un remboursement dans les {{days}} jours suivant votre paiement et vous récupérez la totalité.',
        },
        {
          title: 'Quand créer la galerie ?',
          text: 'Au moins une semaine avant le mariage, pour imprimer et partager le QR code à temps.',
        },
        {
          title: 'Pouvons-nous télécharger toutes les photos ?',
          text: 'Oui. Chacun peut télécharger des photos une à une, et les mariés peuvent télécharger toute la galerie en zip.',
        },
      ],
    },
    privacy: {
      title: 'Politique de confidentialité',
      description: 'Ce que Live Wedding Gallery conserve, combien de temps, et qui voit vos photos.',
      intro: 'Nous ne gardons que ce dont une galerie a besoin, et seulement le temps nécessaire.',
      sections: [
        {
          title: 'Ce que nous conservons',
          text: 'Pour les mariés : noms, date du mariage, lieu, adresse e-mail et téléphone du formulaire de commande. Pour les invités : les photos et vidéos qu’ils envoient, rien d’autre : ni compte, ni nom.',
        },
        {
          title: 'Pendant combien de temps',
          text: 'Les photos et vidéos sont gardées pendant la durée de stockage de la formule de la galerie, puis supprimées. Les données de commande sont gardées le temps exigé par la loi pour la comptabilité.',
        },
        {
          title: 'Qui voit les photos',
          text: 'Toute personne qui a le code ou le QR code de la galerie peut voir et télécharger ses photos. Ne partagez le code qu’avec vos invités. Nous ne vendons ni ne montrons jamais vos photos à qui que ce soit.',
        },
        {
          title: 'Vos droits',
          text: 'Vous pouvez à tout moment nous demander une copie de vos données ou leur suppression depuis la page de contact.',
        },
      ],
    },
    terms: {
      title: 'Conditions d’utilisation',
      description: 'Les conditions d’utilisation de Live Wedding Gallery.',
      intro: 'En créant ou en utilisant une galerie, vous acceptez ces conditions.',
      sections: [
        {
          title: 'Votre galerie',
          text: 'Les mariés qui créent une galerie sont responsables du partage de son code. Les invités n’envoient que des photos qu’ils ont le droit de partager.',
        },
        {
          title: 'Paiements et remboursements',
          text: 'Les formules payantes se paient une fois par événement. Dans les {{days}} jours suivant un paiement, vous pouvez demander un remboursement ; la galerie revient alors à sa formule précédente.',
        },
        {
          title: 'Stockage et expiration',
          text: 'Une galerie n’accepte plus d’envois à la fin de sa durée de stockage et ses photos sont ensuite supprimées. Téléchargez à temps ce que vous voulez garder.',
        },
        {
          title: 'Usage acceptable',
          text: 'Les contenus illégaux, haineux ou explicites sont interdits et peuvent être retirés sans préavis.',
        },
      ],
    },
    testimonials: {
      title: 'Témoignages',
      description: 'Ce que les mariés disent de leur galerie de mariage en direct.',
      intro: 'Des mariés racontent leur journée.',
      sections: [
        {
          title: '« Nos grands-parents ont pu tout suivre »',
          text: 'La galerie était sur un écran dans la salle : les photos de la cérémonie étaient là avant le dessert. Claire et Antoine',
        },
        {
          title: '« Des centaines de photos que nous n’aurions jamais vues »',
          text: 'Chaque invité a envoyé quelque chose. Nous avons téléchargé le zip le lendemain matin et revécu toute la journée. Laura et Diego',
        },
      ],
    },
    blog: {
      title: 'Blog',
      description: 'Des idées pour partager les photos de mariage avec vos invités.',
      intro: 'Idées et conseils pour une journée que tout le monde partage.',
      sections: [
        {
          title: 'Cinq endroits où afficher votre QR code',
          text: 'Cartes de table, plan de table, panneau d’accueil, photobooth et dos du menu : les invités scannent là où ils regardent.',
        },
        {
          title: 'Un défi photo pour vos invités',
          text: 'Donnez à chaque table une petite mission (le plus beau pas de danse, le sourire du doyen) et regardez les réponses arriver en direct.',
        },
      ],
    },
    cookies: {
      title: 'Politique relative aux cookies',
      description: 'Les cookies et le stockage local utilisés par Live Wedding Gallery.',
      intro: 'Nous en utilisons le moins possible.',
      sections: [
        {
          title: 'Dans votre navigateur',
          text: 'Vos choix de langue, de thème et de réglages, ainsi que la clé de propriétaire de la galerie que vous avez créée, sont gardés dans le stockage local de votre navigateur pour que le site s’en souvienne.',
        },
        {
          title: 'Mesure d’audience',
          text: 'Quand la mesure d’audience est activée, elle compte les pages vues et les actions comme les téléchargements, sans aucune publicité.',
        },
      ],
    },
    guarantee: {
      title: 'Garantie satisfaction',
      description: 'Notre garantie satisfait ou remboursé sur chaque formule payante.',
      intro: 'Si votre galerie ne vous convient pas, vous êtes remboursés.',
      sections: [
        {
          title: 'Satisfait ou remboursé pendant {{days}} jours',
          text: 'Demandez un remboursement depuis la page de changement de formule de votre galerie dans les {{days}} jours suivant votre paiement. Le montant entier est remboursé et la galerie revient à sa formule précédente.',
        },
      ],
    },
  },
  owner: {
    myGalleries: 'Mes galeries',
    signedInAs: 'Connecté en tant que {{email}}',
    signOut: 'Se déconnecter',
    removePhoto: 'Retirer la photo',
    code: 'Code',
    plan: 'Formule',
    photos: 'Photos',
    expires: 'Expire le',
    links: {
      gallery: 'Ouvrir la galerie',
      qr: 'QR code',
      upgrade: 'Changer de formule',
      download: 'Télécharger',
      event: "Page de l'événement",
    },
    signIn: {
      link: 'Se connecter',
      title: 'Connectez-vous à vos galeries',
      intro: "Saisissez l'adresse e-mail de votre commande. Nous vous enverrons un lien de connexion.",
      submit: "M'envoyer un lien de connexion",
      sentTitle: 'Consultez vos e-mails',
      sent: "Si {{email}} a commandé une galerie, un lien de connexion est en route. Il ne sert qu'une fois et expire dans 15 minutes.",
    },
    dashboard: {
      title: 'Mes galeries',
      createAnother: 'Créer une autre galerie',
      analytics: 'Statistiques',
      none: "Vous n'avez pas encore de galerie.",
    },
    event: {
      title: 'Événement',
      notYours: 'Seul le couple qui a commandé cette galerie peut la gérer. Veuillez vous connecter.',
      back: 'Retour à mes galeries',
      details: 'Détails du mariage',
      save: 'Enregistrer',
      saved: 'Modifications enregistrées',
      share: 'Partager',
      copyLink: 'Copier le lien',
      qrAlt: 'QR code de la galerie {{code}}',
      plan: 'Formule et stockage',
      download: 'Tout télécharger',
      photos_one: '{{count}} photo',
      photos: '{{count}} photos',
      delete: 'Supprimer la galerie',
      deleteWarning: 'La galerie, ses photos et ses téléchargements sont supprimés aussitôt, définitivement.',
      deleteConfirm: 'Oui, la supprimer définitivement',
      cancel: 'Annuler',
    },
    create: {
      title: 'Créer une autre galerie',
      intro: 'Vos coordonnées sont celles de {{email}}.',
      submit: 'Créer la galerie',
    },
    analytics: {
      title: 'Statistiques',
      views: 'Vues',
      guests: 'Invités',
      uploads: 'Envois',
      downloads: 'Téléchargements',
      totals: '{{views}} vues · {{uploads}} envois · {{downloads}} téléchargements sur les 30 derniers jours',
      none: "Pas encore d'activité.",
    },
  },
  guestName: {
    label: 'Votre nom (facultatif)',
    placeholder: 'par ex. Anna',
    save: 'Enregistrer',
    change: 'Modifier',
    uploadingAs: 'Vos photos sont partagées au nom de {{name}}.',
    by: 'par {{name}}',
  },
  archiveLayout: {
    label: 'Organisation du zip',
    byDate: 'Toutes les photos par date',
    byGuest: 'Un dossier par invité',
  },
  ui: {
    undo: 'Annuler',
  },
  couplePages: {
    event: {
      shareIntro:
        'Les invités ouvrent la galerie avec ce lien ou en scannant le QR code. Imprimez-le pour vos tables ou envoyez le lien.',
      downloadQr: 'Télécharger le QR code (PNG)',
      printQr: 'Imprimer le QR code',
      guestsTitle: 'Invités et confidentialité',
      guestsIntro:
        'Les invités n’ont pas besoin de compte : toute personne qui a le code, le lien ou le QR code voit les photos et peut ajouter les siennes.',
      guestsMayHint: 'Activé, les invités voient « Tout télécharger » dans la galerie.',
      byGuest: 'par un invité',
      photoRemoved: 'Photo supprimée',
      noPhotos: 'Pas encore de photos : celles de vos invités apparaissent ici dès leur arrivée.',
      dangerTitle: 'Zone de danger',
      deleteTitle: 'Supprimer {{name}} ?',
    },
    success: {
      nextTitle: 'Et maintenant',
      nextShare: 'Imprimez le QR code pour vos tables ou envoyez le lien à vos invités.',
      nextTry:
        'Ouvrez la galerie sur votre téléphone et ajoutez une première photo pour voir comment cela marche.',
      nextManage:
        'Gérez la galerie et téléchargez toutes les photos depuis Mes galeries : nous vous en avons envoyé le lien par e-mail.',
      myGalleries: 'Aller à mes galeries',
    },
  },
};
