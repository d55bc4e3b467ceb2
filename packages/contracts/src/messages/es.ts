import type { SharedMessages } from './en.js';

export const es: SharedMessages = {
  validation: {
    coupleNamesRequired: 'Los nombres de la pareja son obligatorios',
    coupleNamesBoth: 'Introduce ambos nombres (p. ej. Sarah & Mike)',
    weddingDateRequired: 'La fecha de la boda es obligatoria',
    weddingDateInvalid: 'Introduce una fecha válida',
    weddingDateTooFar: 'La fecha de la boda no puede ser más de 2 años en el futuro',
    locationRequired: 'El lugar del evento es obligatorio',
    locationIncomplete: 'Introduce una ubicación completa',
    emailRequired: 'El correo electrónico es obligatorio',
    emailInvalid: 'Introduce un correo electrónico válido',
    phoneRequired: 'El número de teléfono es obligatorio',
    phoneTooShort: 'El número de teléfono debe tener al menos 10 dígitos',
    phoneTooLong: 'El número de teléfono es demasiado largo',
    planRequired: 'Elige un paquete',
    tooLong: 'Usa como máximo {{count}} caracteres',
    forbiddenCharacters: 'Elimina los caracteres de control o de dirección del texto',
  },
  errors: {
    GALLERY_NOT_FOUND: 'Galería no encontrada',
    VALIDATION_FAILED: 'Corrige los campos señalados',
    PHOTO_LIMIT_REACHED:
      'Esta galería está llena: tiene {{count}} fotos, todas las que admite su plan. Avisa a los novios.',
    UNSUPPORTED_FILE_TYPE: 'Este archivo no es una foto compatible. Sube imágenes JPEG, PNG, WebP o HEIC.',
    FILE_TOO_LARGE: 'Esta foto supera los {{count}} KB.',
    VIDEO_TOO_LARGE: 'Este vídeo supera los {{count}} KB.',
    VIDEOS_NEED_PREMIUM:
      'Los vídeos solo se pueden añadir con el plan Premium. Los novios pueden mejorar la galería a Premium.',
    VIDEO_UNREADABLE: 'No se pudo leer este vídeo. Sube un archivo MP4, MOV o WebM.',
    FILE_EMPTY: 'Este archivo está vacío.',
    GALLERY_EXPIRED: 'Esta galería ha caducado y ya no acepta fotos.',
    GALLERY_READ_ONLY:
      'El plan de esta galería fue reembolsado: sus fotos siguen visibles y descargables, pero ya no acepta fotos nuevas.',
    UPLOAD_NOT_FOUND: 'La subida no llegó a nuestro almacenamiento. Inténtalo de nuevo.',
    UNAUTHENTICATED: 'Identifícate como propietario de la galería.',
    FORBIDDEN: 'No tienes acceso a esta galería.',
    INTERNAL: 'Algo salió mal por nuestra parte. Inténtalo de nuevo.',
    SERVICE_UNAVAILABLE:
      'El servicio de galerías no responde en este momento. Inténtalo de nuevo en un momento.',
    RATE_LIMITED: 'Demasiados intentos. Espera {{count}} segundos y vuelve a intentarlo.',
    IMAGE_TOO_LARGE: 'Esta foto tiene más de {{count}} megapíxeles.',
    UPLOADS_BUSY: 'Hay demasiadas subidas en curso en esta galería. Espera a que terminen.',
    // billing
    NOT_GALLERY_OWNER: 'Solo el propietario de la galería puede hacer esto.',
    UPGRADE_NOT_AVAILABLE: 'Esta galería no puede pasar a ese plan.',
    CHECKOUT_NOT_FOUND: 'Este pago no existe.',
    CHECKOUT_CLOSED: 'Este pago ya está pagado o cancelado.',
    DEMO_PAYMENTS_DISABLED: 'Los pagos de demostración están desactivados: los pagos pasan por Stripe.',
    NOTHING_TO_REFUND: 'No hay ningún pago que reembolsar para esta galería.',
    REFUND_WINDOW_CLOSED: 'El plazo de reembolso de {{count}} días para este pago ha pasado.',
    // bundles
    BUNDLE_NOT_FOUND: 'Este paquete no está a la venta.',
    TOO_MANY_BUNDLES: 'Un pago puede incluir como máximo {{count}} paquetes.',
    CREDIT_NOT_FOUND: 'Este crédito no existe.',
    NOT_CREDIT_OWNER:
      'Este crédito pertenece a otra cuenta. Inicia sesión con el correo electrónico con el que lo compraste.',
    CREDIT_EXPIRED:
      'Este crédito ha caducado: los créditos se pueden usar durante {{count}} días después de la compra.',
    CREDIT_WRONG_PLAN: 'Este crédito es de otro plan. Elige un crédito del plan que quieres.',
    GALLERY_ALREADY_ON_PLAN: 'Esta galería ya tiene este plan o uno superior.',
    CREDIT_ALREADY_USED: 'Este crédito se acaba de usar para otra galería. Elige otro crédito.',
    CREDIT_REFUNDED: 'Este crédito se ha reembolsado y ya no se puede usar.',
    NO_CREDITS_TO_REFUND: 'Este paquete no tiene créditos sin usar que reembolsar.',
    // owners
    SIGN_IN_LINK_INVALID:
      'Este enlace de inicio de sesión es incorrecto, ya se usó o caducó. Pide uno nuevo.',
    // Find me
    FIND_ME_OFF: 'Los novios no han activado «Encuéntrame» en esta galería.',
    SELFIE_TOO_LARGE: 'Esta imagen supera los {{count}} KB. Haz una más pequeña.',
    SELFIE_UNREADABLE: 'No se pudo leer esta imagen. Haz una foto o elige un JPEG o un PNG.',
    NO_FACE_FOUND:
      'No encontramos ninguna cara en esta imagen. Inténtalo de nuevo mirando a la cámara, con buena luz.',
    PHOTO_NOT_FOUND: 'Esta foto ya no existe.',
    NOT_YOUR_PHOTO:
      'Solo el invitado que subió esta foto puede borrarla, desde el teléfono o el ordenador desde el que la envió.',
    // guest names
    GUEST_NAME_TOO_LONG: 'Tu nombre no puede superar los {{count}} caracteres.',
    GUEST_NAME_FORBIDDEN_CHARACTERS: 'Quita de tu nombre los caracteres de control o de dirección del texto.',
    // hearts and the guestbook
    GUEST_IDENTITY_REQUIRED: 'Vuelve a cargar la página de la galería e inténtalo de nuevo.',
    GUESTBOOK_MESSAGE_EMPTY: 'Escribe un mensaje.',
    GUESTBOOK_MESSAGE_TOO_LONG: 'Tu mensaje puede tener como máximo {{count}} caracteres.',
    GUESTBOOK_MESSAGE_TOO_MANY_LINES: 'Tu mensaje puede tener como máximo {{count}} líneas.',
    GUESTBOOK_MESSAGE_FORBIDDEN_CHARACTERS:
      'Quita los caracteres de control o de dirección del texto de tu mensaje.',
    GUESTBOOK_MESSAGE_NOT_FOUND: 'Este mensaje ya no está en el libro de visitas.',
    GUEST_MAIL_ADDRESS_INVALID:
      'Introduce una dirección de correo válida ({{count}} caracteres como máximo).',
    MAIL_STOP_LINK_INVALID: 'Este enlace no funciona. Copia el enlace completo del correo.',
    // photo challenges
    CHALLENGES_TOO_MANY: 'Una galería puede tener como máximo {{count}} retos.',
    CHALLENGE_PROMPT_EMPTY: 'Escribe el reto o quítalo.',
    CHALLENGE_PROMPT_TOO_LONG: 'Cada reto no puede superar los {{count}} caracteres.',
    CHALLENGE_PROMPT_FORBIDDEN_CHARACTERS:
      'Quita del reto los caracteres de control o de dirección del texto.',
    CHALLENGE_NOT_FOUND: 'Este reto ya no está en la galería. Elige otro.',
    // table cards
    TABLE_NUMBER_INVALID: 'Las mesas van numeradas del 1 al {{count}}.',
    // la portada para los invitados
    WELCOME_LINE_TOO_LONG: 'El mensaje de bienvenida no puede superar los {{count}} caracteres.',
    WELCOME_LINE_FORBIDDEN_CHARACTERS:
      'Quita los caracteres de control o de dirección del texto del mensaje de bienvenida.',
    COVER_PHOTO_UNAVAILABLE:
      'Esta foto no puede ser la portada: elige una de las fotos que los invitados ven en la galería.',
    // the slideshow wall
    WALL_LINK_INVALID: 'Este enlace de la pantalla ya no es válido. Pide uno nuevo a los novios.',
    WALL_LINKS_LIMIT:
      'Esta galería ya tiene {{count}} enlaces de pantalla. Restablécelos para crear uno nuevo.',
    WALL_INTERVAL_INVALID: 'Elige uno de los tiempos propuestos.',
    // custom domains
    DOMAIN_NEEDS_PREMIUM:
      'El dominio propio viene con el plan Premium. Pasa esta galería a Premium para mostrarla en tu propio dominio.',
    DOMAIN_INVALID: 'Escribe un nombre de host como fotos.ana-y-ben.es.',
    DOMAIN_IP_ADDRESS: 'Escribe un nombre de host, no una dirección IP.',
    DOMAIN_WILDCARD: 'No se admiten comodines. Escribe un solo nombre como fotos.ana-y-ben.es.',
    DOMAIN_PRODUCT_HOST: 'Este nombre pertenece a Wedding Gallery. Escribe un nombre de un dominio tuyo.',
    DOMAIN_TAKEN: 'Este dominio ya lo usa otra galería.',
    DOMAIN_ALREADY_SET: 'Esta galería ya tiene un dominio. Quítalo primero para usar otro.',
    DOMAIN_NOT_SET: 'Esta galería no tiene dominio propio.',
    // cloud-drive backup
    BACKUP_NEEDS_PREMIUM:
      'La copia en tu nube viene con el plan Premium. Pasa esta galería a Premium para copiarla en tu nube.',
    BACKUP_URL_INVALID:
      'Escribe la dirección de tu carpeta WebDAV, como https://nube.ejemplo.es/remote.php/dav/files/ana/ (500 caracteres como máximo).',
    BACKUP_DESTINATION_PRIVATE:
      'Esta dirección está en una red privada. Escribe la dirección de tu nube en internet.',
    BACKUP_CREDENTIALS_TOO_LONG: 'El nombre de usuario o la contraseña de aplicación es demasiado largo.',
    BACKUP_CREDENTIALS_REFUSED:
      'Tu nube rechazó este nombre de usuario y esta contraseña de aplicación. Revísalos o crea una nueva contraseña de aplicación en los ajustes de tu nube.',
    BACKUP_DESTINATION_UNREACHABLE:
      'Tu nube no respondió en esta dirección. Revisa la dirección y vuelve a intentarlo.',
    BACKUP_NOT_WEBDAV:
      'Esta dirección respondió, pero no como una carpeta WebDAV. Revisa la dirección en los ajustes de tu nube.',
    BACKUP_ALREADY_CONNECTED: 'Esta galería ya se copia en una nube. Desconéctala primero para usar otra.',
    BACKUP_NOT_CONNECTED: 'Esta galería no se copia en ninguna nube.',
    BACKUP_DRIVE_NOT_OFFERED: 'Esta nube no se ofrece aquí. Elige otra.',
    BACKUP_OAUTH_STATE_INVALID:
      'Este inicio de sesión caducó o no se empezó desde esta página. Vuelve a pulsar el botón de la nube.',
    BACKUP_OAUTH_DENIED:
      'La nube no dio acceso, así que no se conectó nada. Vuelve a pulsar el botón de la nube y permite el acceso.',
    // ajustes de privacidad
    UPLOADS_NOT_OPEN:
      'Las subidas a esta galería aún no están abiertas. Inténtalo cuando la pareja las abra.',
    UPLOADS_CLOSED: 'Las subidas a esta galería están cerradas.',
    UPLOADS_CLOSE_IN_PAST: 'Elige una hora de cierre en el futuro.',
    UPLOADS_AFTER_EXPIRY: 'Elige horas anteriores al final de la galería.',
    REVEAL_TIME_REQUIRED: 'Elige cuándo aparecen las fotos de todos.',
    REVEAL_IN_PAST: 'Elige una hora de revelado en el futuro.',
    REVEAL_AFTER_EXPIRY: 'Elige una hora de revelado anterior al final de la galería.',
    REVEAL_TIME_NOT_USED: 'La hora de revelado solo se usa con «Revelar a una hora».',
    UPLOADS_CLOSE_BEFORE_OPEN: 'Elige una hora de cierre posterior a la de apertura.',
    DOWNLOAD_ALL_PRIVATE:
      'Descargar todo está desactivado mientras la pareja mantiene privadas las fotos de los invitados.',
    REVIEW_BATCH_TOO_LARGE: 'Aprueba u oculta como máximo {{count}} fotos a la vez.',
    REVIEW_PHOTO_NOT_FOUND:
      'Una de estas fotos ya no está en la galería. Recarga la cola e inténtalo de nuevo.',
    REVIEW_MESSAGE_BATCH_TOO_LARGE: 'Aprueba u oculta como máximo {{count}} mensajes a la vez.',
    REVIEW_MESSAGE_NOT_FOUND:
      'Uno de estos mensajes ya no está en el libro de visitas. Recarga la cola e inténtalo de nuevo.',
    ORIGINALS_NOT_ALLOWED: 'La pareja ha desactivado la descarga de originales para los invitados.',
    ORIGINAL_COPY_PENDING:
      'La copia de esta foto sin su ubicación no está lista. Inténtalo en un minuto o conserva las ubicaciones en tus descargas.',
    // gallery PIN
    PIN_FORMAT_INVALID: 'Un PIN tiene de 4 a 8 dígitos (0-9), nada más.',
    PIN_REQUIRED: 'Esta galería está protegida con un PIN. Introduce el PIN que te dio la pareja.',
    PIN_WRONG: 'Ese PIN no es correcto. Compruébalo con la pareja y vuelve a intentarlo.',
    // la galería de demostración
    DEMO_READ_ONLY:
      'Esta es una galería de demostración: puedes verlo todo, pero no se puede añadir ni cambiar nada. Crea tu propia galería para añadir fotos.',
  },
  contactValidation: {
    nameRequired: 'Tu nombre es obligatorio',
    messageRequired: 'Escribe tu mensaje',
    messageTooShort: 'Escribe al menos {{count}} caracteres',
  },
};
