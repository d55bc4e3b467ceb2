/**
 * English UI texts. The validation and error texts shared with the services come from @gallery/contracts
 * and are merged in by ./resources.ts. A key without a suffix is the plural "other" form of its `_one` twin.
 */
export const en = {
  brand: {
    name: 'Live Wedding Gallery',
  },
  common: {
    loading: 'Loading…',
    close: 'Close',
    skipToContent: 'Skip to content',
  },
  nav: {
    main: 'Main navigation',
    menu: 'Menu',
    home: 'Home',
    features: 'Features',
    pricing: 'Pricing',
    howItWorks: 'How It Works',
    about: 'About',
    faq: 'FAQ',
    createGallery: 'Create Gallery',
    language: 'Language',
  },
  findEvent: {
    button: 'Find My Event',
    title: 'Find your event',
    label: 'Event Code',
    placeholder: 'e.g. ABCD1234',
    hint: 'Enter the code from your invitation or scan the QR code.',
    submit: 'Go to Gallery',
  },
  footer: {
    aboutTitle: 'About',
    aboutText:
      'Live photo galleries for weddings: guests share every moment from their phones, with no app to install.',
    contactLabel: 'Contact us:',
    featuresTitle: 'Features',
    liveGallery: 'Live photo gallery',
    qrSharing: 'QR code sharing',
    guestUploads: 'Guest uploads, no app needed',
    pricing: 'Pricing',
    supportTitle: 'Support',
    howItWorks: 'How It Works',
    faq: 'FAQ',
    contact: 'Contact',
    guarantee: 'Satisfaction Guarantee',
    companyTitle: 'Company',
    about: 'About Us',
    testimonials: 'Testimonials',
    blog: 'Blog',
    privacy: 'Privacy Policy',
    terms: 'Terms of Service',
    cookies: 'Cookie Policy',
    copyright: '© {{year}} Live Wedding Gallery. All rights reserved.',
  },
  home: {
    eyebrow: 'Live wedding photo galleries',
    title: 'Every photo of your wedding, live in one gallery',
    subtitle:
      'Create a gallery, share its code or QR code, and your guests upload photos straight from their browser, with no app. Every photo appears live for everyone.',
    cta: 'Create Your Gallery',
    seePricing: 'See the plans',
    stepsTitle: 'How it works',
    steps: {
      createTitle: 'Create your gallery',
      createText: 'Fill in your wedding details, pick a plan and get your gallery code at once.',
      shareTitle: 'Share the code or QR code',
      shareText: 'Print the QR code on table cards or send the code and link to your guests.',
      uploadTitle: 'Guests upload from the browser',
      uploadText: 'No app and no account: guests open the gallery and add their photos from their phone.',
      liveTitle: 'Photos appear live',
      liveText: 'Each new photo shows up instantly for everyone looking at the gallery.',
    },
    tip: 'Tip: create your event at least one week before the wedding.',
    plansTitle: 'Choose your plan',
    plansIncluded:
      'Every plan includes a shareable QR code, real-time updates, unlimited viewing guests and photo downloads.',
    guarantee: '30-day money-back guarantee',
    finalTitle: 'Ready to collect every moment?',
    finalText: 'Your gallery is ready in a minute. Your guests need nothing but their phone.',
    finalCta: 'Get Started',
  },
  plans: {
    names: {
      free: 'Free',
      standard: 'Standard',
      premium: 'Premium',
    },
    price: '${{price}}',
    photosUpTo: 'Up to {{count}} photos',
    photosUnlimited: 'Unlimited photos',
    photosAndVideosUnlimited: 'Unlimited photos and videos',
    storageDays_one: '{{count}} day of storage',
    storageDays: '{{count}} days of storage',
    storageYears_one: '{{count}} year of storage',
    storageYears: '{{count}} years of storage',
    emailSupport: 'Email support',
    prioritySupport: 'Priority support',
    customDomain: 'Custom domain',
    cloudBackup: 'Cloud-drive backup',
    choose: 'Choose {{plan}}',
    popular: 'Most popular',
  },
  order: {
    title: 'Create your gallery',
    subtitle: 'Tell us about your wedding and choose a package. Your gallery code is ready right away.',
    weddingDetails: 'Wedding Details',
    contactInformation: 'Contact Information',
    packageSelection: 'Package Selection',
    coupleNames: 'Couple Names',
    coupleNamesPlaceholder: 'Sarah & Mike',
    weddingDate: 'Wedding Date',
    location: 'Event Location',
    locationPlaceholder: 'e.g. Rosewood Manor, Napa, California',
    email: 'Email Address',
    emailPlaceholder: 'you@example.com',
    phone: 'Phone Number',
    phonePlaceholder: '+1 555 123 4567',
    submit: 'Create Gallery',
    submitting: 'Creating your gallery…',
    success: {
      title: 'Your gallery is ready!',
      intro: 'Share the code or the link with your guests so they can add their photos.',
      codeLabel: 'Gallery code',
      copyCode: 'Copy code',
      linkLabel: 'Gallery link',
      copyLink: 'Copy link',
      copied: 'Copied to clipboard',
      open: 'Open your gallery',
      paymentNext: 'Payment comes next: complete the {{price}} payment to activate your {{plan}} plan.',
    },
  },
  gallery: {
    loading: 'Loading gallery…',
    notFoundText: 'Check the code and try again.',
    returnHome: 'Return Home',
    loadFailed: 'We could not load this gallery.',
    retry: 'Retry',
    plan: '{{plan}} plan',
    photoCount_one: '{{count}} photo',
    photoCount: '{{count}} photos',
    expires: 'Expires {{date}}',
    code: 'Code {{code}}',
    actions: 'Gallery actions',
    upload: 'Upload Photos',
    share: 'Share Gallery',
    qr: 'Generate QR Code',
    downloadAll: 'Download All',
    comingSoon: 'Coming soon',
    shareTitle: '{{name}}: wedding photos',
    shareText: 'Add your photos to our wedding gallery!',
    linkCopied: 'Gallery link copied to clipboard',
    shared: 'Gallery shared',
    copyThisLink: 'Copy this link: {{url}}',
    photos: 'Photos',
    photoAlt: 'Photo {{index}} of {{total}}',
    previewUnavailable: 'Preview not available in this browser',
    empty: 'No photos yet. Be the first to upload one!',
    loadMore: 'Load more',
    loadingMore: 'Loading more photos…',
    newPhoto: 'New photo added',
  },
  qr: {
    title: 'Gallery QR code',
    hint: 'Guests scan this code with their phone camera to open the gallery.',
    alt: 'QR code for {{url}}',
    download: 'Download QR code',
    failed: 'The QR code could not be generated.',
  },
  viewer: {
    title: 'Photo {{index}} of {{total}}',
    previous: 'Previous photo',
    next: 'Next photo',
    downloadOriginal: 'Download original',
  },
  upload: {
    chooseFiles: 'Choose photos to upload',
    listLabel: 'Uploads',
    summary: '{{done}} of {{total}} uploaded',
    waiting: 'Waiting…',
    uploading: 'Uploading…',
    confirming: 'Processing…',
    done: 'Uploaded',
    progressLabel: 'Upload progress of {{name}}',
    percent: '{{percent}}%',
    clear: 'Clear list',
  },
  download: {
    noPhotos: 'No photos found',
    noPhotosText: 'There are no photos to download yet.',
    downloading: 'Downloading…',
    adding: 'Adding {{count}} photos to the zip…',
    creating: 'Creating the zip file…',
    finalizing: 'Finalizing…',
    complete_one: 'Download complete: {{count}} photo',
    complete: 'Download complete: {{count}} photos',
    failed: 'Download failed: Could not download photos. Please try again.',
  },
  errorBoundary: {
    title: 'Something went wrong',
    message: "We're sorry, but something unexpected happened. Our team has been notified.",
    tryAgain: 'Try Again',
    goHome: 'Go Home',
  },
  loadingError: {
    title: 'Loading Error',
    message: 'The application failed to load. Please refresh the page.',
    refresh: 'Refresh',
  },
  notFound: {
    title: 'Page not found',
    message: "The page you're looking for doesn't exist or has moved.",
    home: 'Back to Home',
  },
  video: {
    tileLabel: 'Video, {{duration}} ({{index}} of {{total}})',
    viewerTitle: 'Video {{index}} of {{total}}',
    play: 'Play video',
    chooseFiles: 'Choose photos or videos to upload',
  },
  billing: {
    upgrade: {
      title: 'Upgrade your gallery',
      gallery: 'Gallery {{code}}: {{name}}',
      currentPlan: 'Current plan: {{plan}}',
      optionsTitle: 'Upgrade options',
      choose: 'Upgrade to {{plan}}',
      topPlan: 'Your gallery is on the {{plan}} plan, our best: there is nothing to upgrade.',
      ownerOnly:
        'Only the gallery owner can upgrade. Open this page in the browser where the gallery was created.',
      processing: 'Processing…',
      redirecting: 'Redirecting to payment…',
      cancelled: 'Payment cancelled: nothing was charged.',
      guarantee_one: '{{count}}-day money-back guarantee',
      guarantee: '{{count}}-day money-back guarantee',
      refundUntil: 'Money-back guarantee: you can ask for a refund until {{date}}.',
      refund: 'Request a refund',
      refunding: 'Requesting the refund…',
      refunded: 'Refunded {{amount}}. Your gallery is back on the {{plan}} plan.',
      loadFailed: 'Failed to load gallery details',
      failed: 'Upgrade failed',
      retry: 'Retry',
    },
    checkout: {
      summary: 'Your order',
      upgrade: '{{from}} to {{to}}',
      plan: '{{plan}} plan',
      galleryLabel: 'Gallery',
      total: 'Total',
      notFound: 'This payment link is not valid.',
      loadFailed: 'We could not load this payment. Please try again.',
      cancelled: 'This payment was cancelled. Nothing was charged.',
      alreadyPaid: 'This payment is already done.',
      seeResult: 'See my gallery',
    },
    payment: {
      title: 'Payment',
      redirecting: 'Redirecting to payment',
      intro: 'You are about to pay on our payment provider’s secure page.',
      payHere: 'Pay on this device',
      phoneTitle: 'Or pay on your phone',
      phoneHint:
        'Scan this code with your phone camera to pay there. This page moves on by itself once the payment is confirmed.',
      qrAlt: 'QR code to pay on a phone',
    },
    demo: {
      title: 'Demo checkout',
      notice: 'Demo mode: no card is needed and nothing is charged. Pay stands in for the payment provider.',
      pay: 'Pay {{price}}',
      paying: 'Paying…',
      cancel: 'Cancel',
      cancelling: 'Cancelling…',
      failed: 'The payment could not be made. Please try again.',
    },
    mobile: {
      title: 'Pay for your gallery',
      pay: 'Pay {{price}}',
    },
    verification: {
      title: 'Confirming your payment',
      waiting: 'Waiting for the payment to be confirmed…',
      slow: 'This is taking longer than usual. Keep this page open: it moves on by itself as soon as the payment is confirmed.',
      cancelledTitle: 'Payment cancelled',
      cancelled: 'This payment was cancelled and nothing was charged.',
      backToPlans: 'Back to the plans',
    },
    success: {
      title: 'Payment received',
      plan: 'Your gallery is on the {{plan}} plan.',
      qrTitle: 'Gallery QR code',
    },
    upgraded: {
      title: 'Successfully upgraded',
      plan: 'Your gallery {{code}} is now on the {{plan}} plan.',
      expires: 'New expiry date: {{date}}',
      open: 'Open your gallery',
    },
    complete: {
      title: 'Payment complete',
      text: 'Thank you! You can go back to your computer: it shows your gallery in a moment.',
    },
    order: {
      paymentNotStarted: 'Your gallery is created, but the payment could not be started yet.',
      payNow: 'Go to payment',
    },
  },
  downloadAll: {
    progressLabel: 'Zip progress',
    guestsMay: 'Guests may download all photos',
  },
  site: {
    offline: 'You are offline. Photos and changes will wait until the connection is back.',
    notifications: 'Notifications',
    theme: 'Theme',
    themes: {
      system: 'System',
      light: 'Light',
      dark: 'Dark',
    },
    titleSuffix: 'Live Wedding Gallery',
    plannersTitle: 'Event planners',
    plannersText: 'Planning several weddings a year? We offer special rates for event planners.',
    plannersCta: 'Contact us for special rates',
    guaranteeNote: '{{days}}-day money-back guarantee on every paid plan.',
  },
  contact: {
    name: 'Your name',
    email: 'Email address',
    subject: 'Subject',
    message: 'Message',
    submit: 'Send message',
    sending: 'Sending…',
    sent: 'Thank you! Your message has reached our team. We answer within two working days.',
    failed: 'Your message could not be sent. Please try again.',
    orWrite: 'You can also write to us at',
  },
  pages: {
    home: {
      title: 'Live wedding photo galleries',
      description:
        'Create a live wedding photo gallery: share a code or QR code, guests upload from their browser and every photo appears live.',
    },
    order: {
      title: 'Create your gallery',
      description:
        'Create your wedding gallery in a minute: wedding details, contact information and your package.',
    },
    notFound: {
      title: 'Page not found',
      description: 'This page does not exist.',
    },
    features: {
      title: 'Features',
      description:
        'Live photo wall, QR code sharing, guest uploads without an app, downloads for everyone and a zip of everything for the couple.',
      intro:
        'Everything your guests need to share the day, and nothing they have to install. A gallery works in any phone browser.',
      sections: [
        {
          title: 'Photos appear live',
          text: 'Each photo a guest uploads shows up within seconds on every screen looking at the gallery, from the phones at the tables to a projector in the hall.',
        },
        {
          title: 'A code and a QR code to share',
          text: 'Every gallery has a short code and a QR code. Print the QR code on table cards or the invitation; guests scan it and they are in.',
        },
        {
          title: 'No app, no account for guests',
          text: 'Guests open the gallery in their browser and pick photos from their phone. Photos from iPhones are converted so everyone can see them.',
        },
        {
          title: 'Unlimited viewing guests and downloads',
          text: 'Every plan lets as many guests as you like look at the gallery and download the photos they love in full quality.',
        },
        {
          title: 'Download everything as a zip',
          text: 'The couple can download the whole gallery as one zip file, to keep every photo long after the party.',
        },
        {
          title: 'Videos on Premium',
          text: 'The Premium plan also takes videos, with a year of storage, priority support, a custom domain and a cloud-drive backup.',
        },
      ],
    },
    pricing: {
      title: 'Pricing',
      description:
        'Free, Standard and Premium plans for your live wedding gallery, with a money-back guarantee.',
      intro:
        'One payment per event, no subscription. Start free and upgrade at any time: you only pay the difference.',
      sections: [
        {
          title: 'Upgrade whenever you need',
          text: 'A gallery can move from Free to Standard or Premium, or from Standard to Premium, at any time before it expires. Photos already shared stay where they are.',
        },
        {
          title: 'Money-back guarantee',
          text: 'If the gallery is not what you hoped for, ask for a refund within {{days}} days of your payment and you get all of it back.',
        },
      ],
    },
    howItWorks: {
      title: 'How it works',
      description:
        'Create your gallery, share its code or QR code, and your guests upload photos that appear live.',
      intro: 'Four steps from the order form to a gallery full of photos.',
      sections: [
        {
          title: 'Create the event at least a week before',
          text: 'Create your event at least a week before the wedding: you have time to print the QR code on table cards and to send the link with your last messages to guests.',
        },
        {
          title: 'On the day',
          text: 'Guests scan the QR code or type the code in Find My Event. Everything they upload appears live for everyone, and you can put the gallery on a screen in the hall.',
        },
        {
          title: 'After the wedding',
          text: 'The gallery stays open for the storage period of your plan. Download everything as a zip before it ends, or upgrade to keep it longer.',
        },
      ],
    },
    about: {
      title: 'About us',
      description: 'Who makes Live Wedding Gallery and why.',
      intro:
        'We are a small team of developers and wedding photographers who wanted every guest’s photos in one place, on the day itself.',
      sections: [
        {
          title: 'Why we built it',
          text: 'After every wedding the best photos were scattered over a hundred phones and never reached the couple. A live gallery collects them while the party is still on.',
        },
        {
          title: 'What we care about',
          text: 'Simple for guests of every age, private by default, and fair prices paid once per event.',
        },
      ],
    },
    contact: {
      title: 'Contact',
      description: 'Write to the Live Wedding Gallery team: questions, event planners’ rates, support.',
      intro: 'A question about a gallery, a plan or special rates for event planners? Write to us.',
      sections: [],
    },
    faq: {
      title: 'Frequently asked questions',
      description:
        'Answers about live wedding galleries: guests, plans, storage, downloads and the money-back guarantee.',
      intro: 'What couples ask us most often.',
      sections: [
        {
          title: 'Do guests need an app or an account?',
          text: 'No. Guests scan the QR code or enter the gallery code and upload from their browser.',
        },
        {
          title: 'How many photos can we collect?',
          text: 'The Free plan takes up to {{freePhotos}} photos; Standard and Premium have no limit. Premium also takes videos.',
        },
        {
          title: 'How long are photos kept?',
          text: 'As long as your plan’s storage period: {{freeDays}} days on Free, {{standardDays}} days on Standard and one year on Premium.',
        },
        {
          title: 'Is there a money-back guarantee?',
          text: 'Yes: a {{days}}-day money-back guarantee. Ask for a refund within {{days}} days of your payment and you get it all back.',
        },
        {
          title: 'When should we create the gallery?',
          text: 'At least a week before the wedding, so the QR code can be printed and shared in time.',
        },
        {
          title: 'Can we download all the photos?',
          text: 'Yes. Anyone can download single photos, and the couple can download the whole gallery as a zip.',
        },
      ],
    },
    privacy: {
      title: 'Privacy policy',
      description: 'What Live Wedding Gallery keeps, for how long, and who sees your photos.',
      intro: 'We keep only what a gallery needs, and only for as long as it needs it.',
      sections: [
        {
          title: 'What we keep',
          text: 'For the couple: names, wedding date, location, email address and phone number from the order form. For guests: the photos and videos they upload, nothing else: no account, no name.',
        },
        {
          title: 'For how long',
          text: 'Photos and videos are kept for the storage period of the gallery’s plan and deleted after it. Order details are kept as long as the law requires for accounting.',
        },
        {
          title: 'Who sees the photos',
          text: 'Anyone who has the gallery’s code or QR code can see and download its photos. Share the code with your guests only. We never sell or show your photos to anyone else.',
        },
        {
          title: 'Your rights',
          text: 'You can ask us for a copy of your data or for its deletion at any time through the contact page.',
        },
      ],
    },
    terms: {
      title: 'Terms of service',
      description: 'The terms of use of Live Wedding Gallery.',
      intro: 'By creating or using a gallery you accept these terms.',
      sections: [
        {
          title: 'Your gallery',
          text: 'The couple who creates a gallery is responsible for sharing its code. Guests upload only photos they have the right to share.',
        },
        {
          title: 'Payments and refunds',
          text: 'Paid plans are paid once per event. Within {{days}} days of a payment you can ask for a refund; the gallery then returns to its previous plan.',
        },
        {
          title: 'Storage and expiry',
          text: 'A gallery stops taking uploads when its storage period ends and its photos are deleted afterwards. Download what you want to keep in time.',
        },
        {
          title: 'Acceptable use',
          text: 'Illegal, hateful or explicit content is not allowed and may be removed without notice.',
        },
      ],
    },
    testimonials: {
      title: 'Testimonials',
      description: 'What couples say about their live wedding gallery.',
      intro: 'Couples tell us about their day.',
      sections: [
        {
          title: '“Our grandparents could follow everything”',
          text: 'We put the gallery on a screen in the hall: the photos of the ceremony were there before dessert. Claire & Antoine',
        },
        {
          title: '“Hundreds of photos we would never have seen”',
          text: 'Every guest uploaded something. We downloaded the zip the next morning and relived the whole day. Laura & Diego',
        },
      ],
    },
    blog: {
      title: 'Blog',
      description: 'Ideas for sharing wedding photos with your guests.',
      intro: 'Ideas and advice for a day everyone can share.',
      sections: [
        {
          title: 'Five places to show your QR code',
          text: 'Table cards, the seating plan, the welcome sign, the photo booth and the back of the menu: guests scan where they are looking.',
        },
        {
          title: 'A photo challenge for your guests',
          text: 'Give each table a small mission (the best dance move, the oldest guest smiling) and watch the answers arrive live.',
        },
      ],
    },
    cookies: {
      title: 'Cookie policy',
      description: 'Which cookies and local storage Live Wedding Gallery uses.',
      intro: 'We use as little as possible.',
      sections: [
        {
          title: 'In your browser',
          text: 'Your language, theme and settings choices, and the owner key of the gallery you created, are kept in your browser’s local storage so the site remembers them.',
        },
        {
          title: 'Audience measurement',
          text: 'When audience measurement is turned on, it counts page views and actions such as downloads, without any advertising.',
        },
      ],
    },
    guarantee: {
      title: 'Satisfaction guarantee',
      description: 'Our money-back guarantee on every paid plan.',
      intro: 'If your gallery is not what you hoped for, you get your money back.',
      sections: [
        {
          title: '{{days}}-day money-back guarantee',
          text: 'Ask for a refund from your gallery’s upgrade page within {{days}} days of your payment. The whole amount is refunded and the gallery returns to its previous plan.',
        },
      ],
    },
  },
  owner: {
    myGalleries: 'My galleries',
    signedInAs: 'Signed in as {{email}}',
    signOut: 'Sign out',
    removePhoto: 'Remove photo',
    code: 'Code',
    plan: 'Plan',
    photos: 'Photos',
    expires: 'Expires',
    links: {
      gallery: 'Open gallery',
      qr: 'QR code',
      upgrade: 'Upgrade',
      download: 'Download',
      event: 'Event page',
    },
    signIn: {
      link: 'Sign in',
      title: 'Sign in to your galleries',
      intro: 'Enter the email address you ordered with. We will send you a sign-in link.',
      submit: 'Send me a sign-in link',
      sentTitle: 'Check your email',
      sent: 'If {{email}} has ordered a gallery, a sign-in link is on its way. It works once and expires in 15 minutes.',
    },
    dashboard: {
      title: 'My galleries',
      createAnother: 'Create another gallery',
      analytics: 'Analytics',
      none: 'You have no gallery yet.',
    },
    event: {
      title: 'Event',
      notYours: 'Only the couple who ordered this gallery can manage it. Please sign in.',
      back: 'Back to my galleries',
      details: 'Wedding details',
      save: 'Save changes',
      saved: 'Changes saved',
      share: 'Share',
      copyLink: 'Copy link',
      qrAlt: 'QR code for gallery {{code}}',
      plan: 'Plan and storage',
      download: 'Download All',
      photos_one: '{{count}} photo',
      photos: '{{count}} photos',
      delete: 'Delete the gallery',
      deleteWarning: 'This deletes the gallery, its photos and its downloads at once, for good.',
      deleteConfirm: 'Yes, delete it for good',
      cancel: 'Cancel',
    },
    create: {
      title: 'Create another gallery',
      intro: 'Your contact details are those of {{email}}.',
      submit: 'Create the gallery',
    },
    analytics: {
      title: 'Analytics',
      views: 'Views',
      guests: 'Guests',
      uploads: 'Uploads',
      downloads: 'Downloads',
      totals: '{{views}} views · {{uploads}} uploads · {{downloads}} downloads in the last 30 days',
      none: 'No activity yet.',
    },
  },
  guestName: {
    label: 'Your name (optional)',
    placeholder: 'e.g. Anna',
    save: 'Save',
    change: 'Change',
    uploadingAs: 'Your photos are shared as {{name}}.',
    by: 'by {{name}}',
  },
  archiveLayout: {
    label: 'Zip layout',
    byDate: 'All photos by date',
    byGuest: 'A folder per guest',
  },
  ui: {
    undo: 'Undo',
  },
  couplePages: {
    event: {
      shareIntro:
        'Guests open the gallery with this link or by scanning the QR code. Print it for your tables or send the link.',
      downloadQr: 'Download QR code (PNG)',
      printQr: 'Print QR code',
      guestsTitle: 'Guests and privacy',
      guestsIntro:
        'Guests need no account: anyone with the code, the link or the QR code can see the photos and add their own.',
      guestsMayHint: 'When on, guests see Download All in the gallery.',
      byGuest: 'by a guest',
      photoRemoved: 'Photo removed',
      noPhotos: 'No photos yet: your guests’ photos appear here as they arrive.',
      dangerTitle: 'Danger zone',
      deleteTitle: 'Delete {{name}}?',
    },
    success: {
      nextTitle: 'What to do next',
      nextShare: 'Print the QR code for your tables or send the link to your guests.',
      nextTry: 'Open the gallery on your phone and add a first photo to see how it works.',
      nextManage:
        'Manage the gallery and download every photo from My galleries: we have emailed you the link.',
      myGalleries: 'Go to my galleries',
    },
  },
};

type Texts<T> = {
  [K in keyof T]: T[K] extends string ? string : T[K] extends readonly (infer U)[] ? Texts<U>[] : Texts<T[K]>;
};
/** The shape every language's UI texts must have. */
export type UiTexts = Texts<typeof en>;
