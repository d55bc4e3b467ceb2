import type { UiTexts } from './en.js';

export const es: UiTexts = {
  brand: {
    name: 'Live Wedding Gallery',
  },
  common: {
    loading: 'Cargando…',
    close: 'Cerrar',
    skipToContent: 'Saltar al contenido',
  },
  nav: {
    main: 'Navegación principal',
    menu: 'Menú',
    home: 'Inicio',
    features: 'Características',
    pricing: 'Precios',
    howItWorks: 'Cómo funciona',
    about: 'Acerca de',
    faq: 'Preguntas frecuentes',
    createGallery: 'Crear galería',
    language: 'Idioma',
  },
  findEvent: {
    button: 'Buscar mi evento',
    title: 'Encuentra tu evento',
    label: 'Código del evento',
    placeholder: 'p. ej. ABCD1234',
    hint: 'Introduce el código de tu invitación o escanea el código QR.',
    submit: 'Ir a la galería',
  },
  footer: {
    aboutTitle: 'Acerca de',
    aboutText:
      'Galerías de fotos en directo para bodas: los invitados comparten cada momento desde su móvil, sin instalar ninguna app.',
    contactLabel: 'Contáctanos:',
    featuresTitle: 'Características',
    liveGallery: 'Galería de fotos en directo',
    qrSharing: 'Compartir con código QR',
    guestUploads: 'Subidas de los invitados, sin app',
    pricing: 'Precios',
    supportTitle: 'Ayuda',
    howItWorks: 'Cómo funciona',
    faq: 'Preguntas frecuentes',
    contact: 'Contacto',
    guarantee: 'Garantía de satisfacción',
    companyTitle: 'Empresa',
    about: 'Quiénes somos',
    testimonials: 'Testimonios',
    blog: 'Blog',
    privacy: 'Política de privacidad',
    terms: 'Términos del servicio',
    cookies: 'Política de cookies',
    copyright: '© {{year}} Live Wedding Gallery. Todos los derechos reservados.',
  },
  home: {
    eyebrow: 'Galerías de fotos de boda en directo',
    title: 'Todas las fotos de tu boda, en directo en una sola galería',
    subtitle:
      'Crea una galería, comparte su código o código QR, y tus invitados suben fotos desde su navegador, sin app. Cada foto aparece en directo para todos.',
    cta: 'Crea tu galería',
    seePricing: 'Ver los planes',
    stepsTitle: 'Cómo funciona',
    steps: {
      createTitle: 'Crea tu galería',
      createText: 'Completa los datos de tu boda, elige un plan y obtén al instante el código de tu galería.',
      shareTitle: 'Comparte el código o el código QR',
      shareText:
        'Imprime el código QR en las tarjetas de mesa o envía el código y el enlace a tus invitados.',
      uploadTitle: 'Los invitados suben desde el navegador',
      uploadText: 'Sin app ni cuenta: los invitados abren la galería y añaden sus fotos desde el móvil.',
      liveTitle: 'Las fotos aparecen en directo',
      liveText: 'Cada foto nueva aparece al instante para todos los que miran la galería.',
    },
    tip: 'Consejo: crea tu evento al menos una semana antes de la boda.',
    plansTitle: 'Elige tu plan',
    plansIncluded:
      'Todos los planes incluyen un código QR para compartir, actualizaciones en tiempo real, invitados ilimitados que miran y descarga de fotos.',
    guarantee: 'Garantía de devolución de 30 días',
    finalTitle: '¿Listos para guardar cada momento?',
    finalText: 'Tu galería está lista en un minuto. Tus invitados solo necesitan su móvil.',
    finalCta: 'Empezar',
  },
  plans: {
    names: {
      free: 'Gratis',
      standard: 'Estándar',
      premium: 'Premium',
    },
    price: '${{price}}',
    photosUpTo: 'Hasta {{count}} fotos',
    photosUnlimited: 'Fotos ilimitadas',
    photosAndVideosUnlimited: 'Fotos y vídeos ilimitados',
    storageDays_one: '{{count}} día de almacenamiento',
    storageDays: '{{count}} días de almacenamiento',
    storageYears_one: '{{count}} año de almacenamiento',
    storageYears: '{{count}} años de almacenamiento',
    emailSupport: 'Soporte por correo electrónico',
    prioritySupport: 'Soporte prioritario',
    customDomain: 'Dominio personalizado',
    cloudBackup: 'Copia de seguridad en tu nube',
    choose: 'Elegir {{plan}}',
    popular: 'El más elegido',
  },
  order: {
    title: 'Crea tu galería',
    subtitle: 'Cuéntanos sobre tu boda y elige un paquete. El código de tu galería está listo al instante.',
    weddingDetails: 'Detalles de la boda',
    contactInformation: 'Información de contacto',
    packageSelection: 'Selección de paquete',
    coupleNames: 'Nombres de la pareja',
    coupleNamesPlaceholder: 'Sarah & Mike',
    weddingDate: 'Fecha de la boda',
    location: 'Lugar del evento',
    locationPlaceholder: 'p. ej. Hacienda Los Olivos, Sevilla',
    email: 'Correo electrónico',
    emailPlaceholder: 'tu@ejemplo.com',
    phone: 'Número de teléfono',
    phonePlaceholder: '+34 612 345 678',
    submit: 'Crear galería',
    submitting: 'Creando tu galería…',
    success: {
      title: '¡Tu galería está lista!',
      intro: 'Comparte el código o el enlace con tus invitados para que añadan sus fotos.',
      codeLabel: 'Código de la galería',
      copyCode: 'Copiar código',
      linkLabel: 'Enlace de la galería',
      copyLink: 'Copiar enlace',
      copied: 'Copiado al portapapeles',
      open: 'Abrir tu galería',
      paymentNext: 'Ahora sigue el pago: completa el pago de {{price}} para activar tu plan {{plan}}.',
    },
  },
  gallery: {
    loading: 'Cargando la galería…',
    notFoundText: 'Comprueba el código e inténtalo de nuevo.',
    returnHome: 'Volver al inicio',
    loadFailed: 'No pudimos cargar esta galería.',
    retry: 'Reintentar',
    plan: 'Plan {{plan}}',
    photoCount_one: '{{count}} foto',
    photoCount: '{{count}} fotos',
    expires: 'Caduca el {{date}}',
    code: 'Código {{code}}',
    actions: 'Acciones de la galería',
    upload: 'Subir fotos',
    share: 'Compartir galería',
    qr: 'Generar código QR',
    downloadAll: 'Descargar todo',
    comingSoon: 'Próximamente',
    shareTitle: '{{name}}: fotos de la boda',
    shareText: '¡Añade tus fotos a la galería de nuestra boda!',
    linkCopied: 'Enlace de la galería copiado al portapapeles',
    shared: 'Galería compartida',
    copyThisLink: 'Copia este enlace: {{url}}',
    photos: 'Fotos',
    photoAlt: 'Foto {{index}} de {{total}}',
    previewUnavailable: 'Vista previa no disponible en este navegador',
    empty: 'Aún no hay fotos. ¡Sé el primero en subir una!',
    loadMore: 'Cargar más',
    loadingMore: 'Cargando más fotos…',
    newPhoto: 'Nueva foto añadida',
  },
  qr: {
    title: 'Código QR de la galería',
    hint: 'Los invitados escanean este código con la cámara del móvil para abrir la galería.',
    alt: 'Código QR de {{url}}',
    download: 'Descargar código QR',
    failed: 'No se pudo generar el código QR.',
  },
  viewer: {
    title: 'Foto {{index}} de {{total}}',
    previous: 'Foto anterior',
    next: 'Foto siguiente',
    downloadOriginal: 'Descargar original',
  },
  upload: {
    chooseFiles: 'Elegir fotos para subir',
    listLabel: 'Subidas',
    summary: '{{done}} de {{total}} subidas',
    waiting: 'En espera…',
    uploading: 'Subiendo…',
    confirming: 'Procesando…',
    done: 'Subida',
    progressLabel: 'Progreso de subida de {{name}}',
    percent: '{{percent}} %',
    clear: 'Vaciar lista',
  },
  download: {
    noPhotos: 'No se encontraron fotos',
    noPhotosText: 'Aún no hay fotos para descargar.',
    downloading: 'Descargando…',
    adding: 'Añadiendo {{count}} fotos al zip…',
    creating: 'Creando el archivo zip…',
    finalizing: 'Finalizando…',
    complete_one: 'Descarga completa: {{count}} foto',
    complete: 'Descarga completa: {{count}} fotos',
    failed: 'Error en la descarga: no se pudieron descargar las fotos. Inténtalo de nuevo.',
  },
  errorBoundary: {
    title: 'Algo salió mal',
    message: 'Lo sentimos, ha ocurrido algo inesperado. Nuestro equipo ha sido notificado.',
    tryAgain: 'Intentar de nuevo',
    goHome: 'Ir al inicio',
  },
  loadingError: {
    title: 'Error de carga',
    message: 'La aplicación no se pudo cargar. Actualiza la página.',
    refresh: 'Actualizar',
  },
  notFound: {
    title: 'Página no encontrada',
    message: 'La página que buscas no existe o se ha movido.',
    home: 'Volver al inicio',
  },
  video: {
    tileLabel: 'Vídeo, {{duration}} ({{index}} de {{total}})',
    viewerTitle: 'Vídeo {{index}} de {{total}}',
    play: 'Reproducir vídeo',
    chooseFiles: 'Elegir fotos o vídeos para subir',
  },
  billing: {
    upgrade: {
      title: 'Mejorar el plan de tu galería',
      gallery: 'Galería {{code}}: {{name}}',
      currentPlan: 'Plan actual: {{plan}}',
      optionsTitle: 'Planes disponibles',
      choose: 'Cambiar a {{plan}}',
      topPlan: 'Tu galería tiene el plan {{plan}}, el mejor: no hay nada por encima.',
      ownerOnly:
        'Solo el propietario de la galería puede cambiar de plan. Abre esta página en el navegador donde se creó la galería.',
      processing: 'Procesando…',
      redirecting: 'Redirigiendo al pago…',
      cancelled: 'Pago cancelado: no se ha cobrado nada.',
      guarantee_one: 'Garantía de devolución de {{count}} día',
      guarantee: 'Garantía de devolución de {{count}} días',
      refundUntil: 'Garantía de devolución: puedes pedir un reembolso hasta el {{date}}.',
      refund: 'Pedir un reembolso',
      refunding: 'Pidiendo el reembolso…',
      refunded: 'Reembolsados {{amount}}. Tu galería vuelve al plan {{plan}}.',
      loadFailed: 'No se pudieron cargar los detalles de la galería',
      failed: 'Error al cambiar de plan',
      retry: 'Reintentar',
    },
    checkout: {
      summary: 'Tu pedido',
      upgrade: '{{from}} a {{to}}',
      plan: 'Plan {{plan}}',
      galleryLabel: 'Galería',
      total: 'Total',
      notFound: 'Este enlace de pago no es válido.',
      loadFailed: 'No se pudo cargar este pago. Inténtalo de nuevo.',
      cancelled: 'Este pago se canceló. No se ha cobrado nada.',
      alreadyPaid: 'Este pago ya está hecho.',
      seeResult: 'Ver mi galería',
    },
    payment: {
      title: 'Pago',
      redirecting: 'Redirigiendo al pago',
      intro: 'Vas a pagar en la página segura de nuestro proveedor de pagos.',
      payHere: 'Pagar en este dispositivo',
      phoneTitle: 'O paga en tu teléfono',
      phoneHint:
        'Escanea este código con la cámara de tu teléfono para pagar allí. Esta página avanza sola cuando se confirma el pago.',
      qrAlt: 'Código QR para pagar en un teléfono',
    },
    demo: {
      title: 'Pago de demostración',
      notice:
        'Modo demostración: no hace falta tarjeta y no se cobra nada. Pagar sustituye al proveedor de pagos.',
      pay: 'Pagar {{price}}',
      paying: 'Pagando…',
      cancel: 'Cancelar',
      cancelling: 'Cancelando…',
      failed: 'No se pudo hacer el pago. Inténtalo de nuevo.',
    },
    mobile: {
      title: 'Paga tu galería',
      pay: 'Pagar {{price}}',
    },
    verification: {
      title: 'Confirmando tu pago',
      waiting: 'Esperando la confirmación del pago…',
      slow: 'Está tardando más de lo normal. Deja esta página abierta: avanza sola en cuanto se confirme el pago.',
      cancelledTitle: 'Pago cancelado',
      cancelled: 'Este pago se canceló y no se ha cobrado nada.',
      backToPlans: 'Volver a los planes',
    },
    success: {
      title: 'Pago recibido',
      plan: 'Tu galería tiene el plan {{plan}}.',
      qrTitle: 'Código QR de la galería',
    },
    upgraded: {
      title: 'Plan mejorado con éxito',
      plan: 'Tu galería {{code}} tiene ahora el plan {{plan}}.',
      expires: 'Nueva fecha de caducidad: {{date}}',
      open: 'Abrir tu galería',
    },
    complete: {
      title: 'Pago completado',
      text: '¡Gracias! Puedes volver a tu ordenador: mostrará tu galería en un momento.',
    },
    order: {
      paymentNotStarted: 'Tu galería está creada, pero el pago aún no se ha podido iniciar.',
      payNow: 'Ir al pago',
    },
  },
  downloadAll: {
    progressLabel: 'Progreso del zip',
    guestsMay: 'Los invitados pueden descargar todas las fotos',
  },
  site: {
    offline: 'Estás sin conexión. Las fotos y los cambios esperarán a que vuelva la conexión.',
    notifications: 'Notificaciones',
    theme: 'Tema',
    themes: {
      system: 'Sistema',
      light: 'Claro',
      dark: 'Oscuro',
    },
    titleSuffix: 'Live Wedding Gallery',
    plannersTitle: 'Organizadores de bodas',
    plannersText:
      '¿Organizas varias bodas al año? Ofrecemos tarifas especiales para organizadores de eventos.',
    plannersCta: 'Contáctanos para tarifas especiales',
    guaranteeNote: 'Garantía de devolución de {{days}} días en cada plan de pago.',
  },
  contact: {
    name: 'Tu nombre',
    email: 'Correo electrónico',
    subject: 'Asunto',
    message: 'Mensaje',
    submit: 'Enviar mensaje',
    sending: 'Enviando…',
    sent: '¡Gracias! Tu mensaje ha llegado a nuestro equipo. Respondemos en dos días laborables.',
    failed: 'No se pudo enviar tu mensaje. Inténtalo de nuevo.',
    orWrite: 'También puedes escribirnos a',
  },
  pages: {
    home: {
      title: 'Galerías de fotos de boda en directo',
      description:
        'Crea una galería de fotos de boda en directo: comparte un código o un código QR, los invitados suben fotos desde el navegador y cada una aparece en directo.',
    },
    order: {
      title: 'Crea tu galería',
      description:
        'Crea tu galería de boda en un minuto: detalles de la boda, datos de contacto y tu paquete.',
    },
    notFound: {
      title: 'Página no encontrada',
      description: 'Esta página no existe.',
    },
    features: {
      title: 'Características',
      description:
        'Muro de fotos en directo, código QR para compartir, subidas de invitados sin app, descargas para todos y un zip completo para los novios.',
      intro:
        'Todo lo que tus invitados necesitan para compartir el día, sin instalar nada. La galería funciona en el navegador de cualquier móvil.',
      sections: [
        {
          title: 'Las fotos aparecen en directo',
          text: 'Cada foto que sube un invitado aparece en segundos en todas las pantallas que miran la galería, de los móviles en las mesas al proyector del salón.',
        },
        {
          title: 'Un código y un código QR para compartir',
          text: 'Cada galería tiene un código corto y un código QR. Imprime el QR en las tarjetas de mesa o en la invitación: los invitados lo escanean y ya están dentro.',
        },
        {
          title: 'Sin app ni cuenta para los invitados',
          text: 'Los invitados abren la galería en su navegador y eligen fotos de su móvil. Las fotos de iPhone se convierten para que todos puedan verlas.',
        },
        {
          title: 'Invitados y descargas ilimitados',
          text: 'Con cada plan, tantos invitados como quieras miran la galería y descargan en calidad completa las fotos que les gustan.',
        },
        {
          title: 'Descargarlo todo en un zip',
          text: 'Los novios pueden descargar toda la galería en un solo archivo zip, para guardar cada foto mucho después de la fiesta.',
        },
        {
          title: 'Vídeos con Premium',
          text: 'El plan Premium también admite vídeos, con un año de almacenamiento, soporte prioritario, dominio personalizado y copia en la nube.',
        },
      ],
    },
    pricing: {
      title: 'Precios',
      description:
        'Planes Gratis, Estándar y Premium para tu galería de boda en directo, con garantía de devolución.',
      intro:
        'Un solo pago por evento, sin suscripción. Empieza gratis y mejora cuando quieras: solo pagas la diferencia.',
      sections: [
        {
          title: 'Mejora cuando lo necesites',
          text: 'Una galería puede pasar de Gratis a Estándar o Premium, o de Estándar a Premium, en cualquier momento antes de caducar. Las fotos ya compartidas se quedan donde están.',
        },
        {
          title: 'Garantía de devolución',
          text: 'Si la galería no es lo que esperabas, pide el reembolso en los {{days}} días siguientes a tu pago y te devolvemos todo.',
        },
      ],
    },
    howItWorks: {
      title: 'Cómo funciona',
      description:
        'Crea tu galería, comparte su código o código QR, y tus invitados suben fotos que aparecen en directo.',
      intro: 'Cuatro pasos del formulario de pedido a una galería llena de fotos.',
      sections: [
        {
          title: 'Crea el evento al menos una semana antes',
          text: 'Crea tu evento al menos una semana antes de la boda: tendrás tiempo de imprimir el código QR en las tarjetas de mesa y de enviar el enlace a los invitados.',
        },
        {
          title: 'El gran día',
          text: 'Los invitados escanean el código QR o escriben el código en Buscar mi evento. Todo lo que suben aparece en directo para todos, y puedes mostrar la galería en una pantalla del salón.',
        },
        {
          title: 'Después de la boda',
          text: 'La galería sigue abierta durante el almacenamiento de tu plan. Descárgalo todo en zip antes de que termine, o mejora el plan para conservarla más tiempo.',
        },
      ],
    },
    about: {
      title: 'Acerca de nosotros',
      description: 'Quién hace Live Wedding Gallery y por qué.',
      intro:
        'Somos un pequeño equipo de desarrolladores y fotógrafos de bodas que queríamos las fotos de todos los invitados en un solo lugar, el mismo día.',
      sections: [
        {
          title: 'Por qué lo creamos',
          text: 'Después de cada boda, las mejores fotos quedaban repartidas en cien móviles y nunca llegaban a los novios. Una galería en directo las reúne mientras dura la fiesta.',
        },
        {
          title: 'Lo que nos importa',
          text: 'Sencillez para invitados de todas las edades, privacidad por defecto y precios justos, pagados una vez por evento.',
        },
      ],
    },
    contact: {
      title: 'Contacto',
      description:
        'Escribe al equipo de Live Wedding Gallery: preguntas, tarifas para organizadores, soporte.',
      intro:
        '¿Una pregunta sobre una galería, un plan o las tarifas especiales para organizadores? Escríbenos.',
      sections: [],
    },
    faq: {
      title: 'Preguntas frecuentes',
      description:
        'Respuestas sobre las galerías de boda en directo: invitados, planes, almacenamiento, descargas y garantía de devolución.',
      intro: 'Lo que más nos preguntan las parejas.',
      sections: [
        {
          title: '¿Los invitados necesitan una app o una cuenta?',
          text: 'No. Los invitados escanean el código QR o escriben el código de la galería y suben fotos desde su navegador.',
        },
        {
          title: '¿Cuántas fotos podemos recibir?',
          text: 'El plan Gratis admite hasta {{freePhotos}} fotos; Estándar y Premium no tienen límite. Premium también admite vídeos.',
        },
        {
          title: '¿Cuánto tiempo se guardan las fotos?',
          text: 'Durante el almacenamiento de tu plan: {{freeDays}} días en Gratis, {{standardDays}} días en Estándar y un año en Premium.',
        },
        {
          title: '¿Hay garantía de devolución?',
          text: 'Sí: garantía de devolución de {{days}} días. Pide el reembolso en los {{days}} días siguientes a tu pago y te devolvemos todo.',
        },
        {
          title: '¿Cuándo debemos crear la galería?',
          text: 'Al menos una semana antes de la boda, para imprimir y compartir el código QR a tiempo.',
        },
        {
          title: '¿Podemos descargar todas las fotos?',
          text: 'Sí. Cualquiera puede descargar fotos sueltas, y los novios pueden descargar toda la galería en un zip.',
        },
      ],
    },
    privacy: {
      title: 'Política de privacidad',
      description: 'Qué guarda Live Wedding Gallery, durante cuánto tiempo y quién ve tus fotos.',
      intro: 'Solo guardamos lo que una galería necesita, y solo el tiempo necesario.',
      sections: [
        {
          title: 'Qué guardamos',
          text: 'De los novios: nombres, fecha de la boda, lugar, correo electrónico y teléfono del formulario de pedido. De los invitados: las fotos y vídeos que suben, nada más: ni cuenta ni nombre.',
        },
        {
          title: 'Durante cuánto tiempo',
          text: 'Las fotos y vídeos se guardan durante el almacenamiento del plan de la galería y después se eliminan. Los datos del pedido se guardan el tiempo que exige la ley para la contabilidad.',
        },
        {
          title: 'Quién ve las fotos',
          text: 'Cualquiera que tenga el código o el código QR de la galería puede ver y descargar sus fotos. Comparte el código solo con tus invitados. Nunca vendemos ni mostramos tus fotos a nadie más.',
        },
        {
          title: 'Tus derechos',
          text: 'Puedes pedirnos en cualquier momento una copia de tus datos o su eliminación desde la página de contacto.',
        },
      ],
    },
    terms: {
      title: 'Términos del servicio',
      description: 'Los términos de uso de Live Wedding Gallery.',
      intro: 'Al crear o usar una galería aceptas estos términos.',
      sections: [
        {
          title: 'Tu galería',
          text: 'Los novios que crean una galería son responsables de compartir su código. Los invitados solo suben fotos que tienen derecho a compartir.',
        },
        {
          title: 'Pagos y reembolsos',
          text: 'Los planes de pago se pagan una vez por evento. En los {{days}} días siguientes a un pago puedes pedir el reembolso; la galería vuelve entonces a su plan anterior.',
        },
        {
          title: 'Almacenamiento y caducidad',
          text: 'Una galería deja de aceptar subidas al terminar su almacenamiento y después sus fotos se eliminan. Descarga a tiempo lo que quieras conservar.',
        },
        {
          title: 'Uso aceptable',
          text: 'El contenido ilegal, de odio o explícito no está permitido y puede retirarse sin aviso.',
        },
      ],
    },
    testimonials: {
      title: 'Testimonios',
      description: 'Lo que dicen las parejas de su galería de boda en directo.',
      intro: 'Las parejas nos cuentan su día.',
      sections: [
        {
          title: '«Nuestros abuelos pudieron seguirlo todo»',
          text: 'Pusimos la galería en una pantalla del salón: las fotos de la ceremonia estaban allí antes del postre. Claire y Antoine',
        },
        {
          title: '«Cientos de fotos que nunca habríamos visto»',
          text: 'Cada invitado subió algo. Descargamos el zip a la mañana siguiente y revivimos todo el día. Laura y Diego',
        },
      ],
    },
    blog: {
      title: 'Blog',
      description: 'Ideas para compartir las fotos de boda con tus invitados.',
      intro: 'Ideas y consejos para un día que todos comparten.',
      sections: [
        {
          title: 'Cinco lugares para mostrar tu código QR',
          text: 'Tarjetas de mesa, plano de mesas, cartel de bienvenida, fotomatón y reverso del menú: los invitados escanean donde miran.',
        },
        {
          title: 'Un reto fotográfico para tus invitados',
          text: 'Da a cada mesa una pequeña misión (el mejor paso de baile, la sonrisa del invitado más mayor) y mira llegar las respuestas en directo.',
        },
      ],
    },
    cookies: {
      title: 'Política de cookies',
      description: 'Las cookies y el almacenamiento local que usa Live Wedding Gallery.',
      intro: 'Usamos lo mínimo posible.',
      sections: [
        {
          title: 'En tu navegador',
          text: 'Tus elecciones de idioma, tema y ajustes, y la clave de propietario de la galería que creaste, se guardan en el almacenamiento local de tu navegador para que el sitio las recuerde.',
        },
        {
          title: 'Medición de audiencia',
          text: 'Cuando la medición de audiencia está activada, cuenta las páginas vistas y acciones como las descargas, sin publicidad.',
        },
      ],
    },
    guarantee: {
      title: 'Garantía de satisfacción',
      description: 'Nuestra garantía de devolución en cada plan de pago.',
      intro: 'Si tu galería no es lo que esperabas, te devolvemos el dinero.',
      sections: [
        {
          title: 'Garantía de devolución de {{days}} días',
          text: 'Pide el reembolso desde la página de mejora de tu galería en los {{days}} días siguientes a tu pago. Se reembolsa el importe completo y la galería vuelve a su plan anterior.',
        },
      ],
    },
  },
};
